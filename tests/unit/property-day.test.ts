import { describe, expect, it } from 'vitest';
import { dayIn, HOME_ZONE, propertyZone } from '../../resources/property-day';

describe("a property's today", () => {
  it('turns over at midnight in Sydney, not at midnight UTC', () => {
    // 13:59 UTC on 2027-01-14 is 00:59 on the 15th in Sydney (AEDT, UTC+11).
    expect(dayIn('Australia/Sydney', new Date('2027-01-14T12:59:59Z'))).toBe('2027-01-14');
    expect(dayIn('Australia/Sydney', new Date('2027-01-14T13:00:00Z'))).toBe('2027-01-15');
    // In winter (AEST, UTC+10) the boundary is 14:00 UTC.
    expect(dayIn('Australia/Sydney', new Date('2027-07-14T13:59:59Z'))).toBe('2027-07-14');
    expect(dayIn('Australia/Sydney', new Date('2027-07-14T14:00:00Z'))).toBe('2027-07-15');
  });

  it('is behind UTC in Honolulu', () => {
    // 09:59 UTC is 23:59 the day before in Honolulu (UTC-10, no daylight saving).
    expect(dayIn('Pacific/Honolulu', new Date('2027-03-05T09:59:59Z'))).toBe('2027-03-04');
    expect(dayIn('Pacific/Honolulu', new Date('2027-03-05T10:00:00Z'))).toBe('2027-03-05');
  });

  it("uses the property's zone, else its country's main zone, else the home zone", () => {
    expect(propertyZone({ timezone: 'Australia/Perth', country: 'Australia' })).toBe('Australia/Perth');
    expect(propertyZone({ timezone: null, country: 'New Zealand' })).toBe('Pacific/Auckland');
    expect(propertyZone({ timezone: 'Mars/Olympus', country: 'Fiji' })).toBe('Pacific/Fiji');
    expect(propertyZone({ country: 'Atlantis' })).toBe(HOME_ZONE);
  });
});
