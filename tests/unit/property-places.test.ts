import { describe, expect, it } from 'vitest';
import { coordinateSummary } from '../../resources/properties/coordinates';
import { COUNTRIES, COUNTRY_NAMES } from '../../resources/properties/countries';
import { TIME_ZONES } from '../../resources/properties/time-zones';
import { DETAILS_SECTIONS } from '../../resources/properties/details.resource';
import { COUNTRY_ZONES } from '../../resources/property-day';
import { newPropertySchema } from '../../resources/properties/new-property';

describe('coordinate summary', () => {
  it('reads a pair as hemispheres, four decimals', () => {
    expect(coordinateSummary(-35.3561, 150.4683)).toBe('35.3561° S, 150.4683° E');
    expect(coordinateSummary(51.5, -0.12)).toBe('51.5000° N, 0.1200° W');
    expect(coordinateSummary(0, 0)).toBe('0.0000° N, 0.0000° E');
  });
  it('gives nothing for a missing or impossible coordinate', () => {
    expect(coordinateSummary(null, 150)).toBeNull();
    expect(coordinateSummary(-35, undefined)).toBeNull();
    expect(coordinateSummary(91, 150)).toBeNull();
    expect(coordinateSummary(-35, 181)).toBeNull();
    expect(coordinateSummary('-35', 150)).toBeNull();
  });
});

describe('country list', () => {
  it('holds every ISO 3166-1 country once, by two-letter code and name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map(([code]) => code)).size).toBe(249);
    expect(new Set(COUNTRY_NAMES).size).toBe(249);
    for (const [code] of COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
    // Exceptional and withdrawn codes are not countries to choose.
    expect(COUNTRIES.map(([code]) => code)).not.toContain('EU');
    expect(COUNTRIES.map(([code]) => code)).not.toContain('UK');
  });
  it('names countries as Intl does, sorted by name, including every name already stored', () => {
    const names = new Intl.DisplayNames('en', { type: 'region' });
    for (const code of ['AU', 'NZ', 'FJ', 'US', 'GB']) expect(COUNTRY_NAMES).toContain(names.of(code));
    expect([...COUNTRY_NAMES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(COUNTRY_NAMES);
    for (const stored of Object.keys(COUNTRY_ZONES)) expect(COUNTRY_NAMES).toContain(stored);
  });
  it('is what a new property (CLI and Admin) accepts as its country', () => {
    expect(newPropertySchema.parse({ name: 'Saltbush Bay Retreat', country: ' Fiji ' }).country).toBe('Fiji');
    expect(newPropertySchema.safeParse({ name: 'Saltbush Bay Retreat', country: 'NZ' }).error?.issues[0].message).toBe(
      'must be a country as Location lists it, such as Australia or New Zealand',
    );
  });
  it('is what the location section accepts', () => {
    const country = DETAILS_SECTIONS.location.schema.shape.country;
    expect(country.safeParse('New Zealand').success).toBe(true);
    expect(country.safeParse('Atlantis').error?.issues[0].message).toBe('Choose a country');
  });
});

describe('time zone list', () => {
  it('holds the IANA zones, sorted, once each, each one the runtime knows', () => {
    expect(TIME_ZONES.length).toBeGreaterThan(400);
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    expect([...TIME_ZONES].sort()).toEqual(TIME_ZONES);
    for (const zone of TIME_ZONES) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    // The canonical names, not CLDR's older aliases.
    expect(TIME_ZONES).toContain('Asia/Kolkata');
    expect(TIME_ZONES).not.toContain('Asia/Calcutta');
  });
  it('includes every zone offered before and every country default', () => {
    for (const zone of [
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Adelaide',
      'Australia/Perth',
      'Australia/Hobart',
      'Australia/Darwin',
      'Pacific/Auckland',
      'Pacific/Fiji',
      ...Object.values(COUNTRY_ZONES),
    ])
      expect(TIME_ZONES).toContain(zone);
  });
  it('is what the location section accepts', () => {
    const timezone = DETAILS_SECTIONS.location.schema.shape.timezone;
    expect(timezone.safeParse('Europe/Paris').success).toBe(true);
    expect(timezone.safeParse('Mars/Olympus').error?.issues[0].message).toBe('Choose a time zone');
  });
});
