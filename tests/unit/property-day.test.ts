import { describe, expect, it } from 'vitest';
import { dayIn, daysOf, HOME_ZONE, propertyZone, tellDays, zonesAsked } from '../../resources/property-day';

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

  it('finds where a day begins and ends, a day of 25 hours when the clocks go back included', () => {
    // Sydney's clocks go back at 03:00 AEDT on 4 April 2027 (16:00 UTC on the 3rd): that day has 25 hours.
    const days = daysOf(['Australia/Sydney', 'Pacific/Honolulu'], new Date('2027-04-04T05:00:00Z'));
    expect(days['Australia/Sydney']).toEqual({
      day: '2027-04-04',
      from: Date.parse('2027-04-03T13:00:00Z'),
      until: Date.parse('2027-04-04T14:00:00Z'),
    });
    expect(days['Pacific/Honolulu']).toEqual({
      day: '2027-04-03',
      from: Date.parse('2027-04-03T10:00:00Z'),
      until: Date.parse('2027-04-04T10:00:00Z'),
    });
  });

  it("answers with a day it was told while it lasts, and from the zone's data before and after", () => {
    const from = Date.parse('2020-02-02T00:00:00Z');
    tellDays({ 'Pacific/Honolulu': { day: 'as told', from, until: from + 1000 } });
    expect(dayIn('Pacific/Honolulu', new Date(from + 500))).toBe('as told');
    expect(dayIn('Pacific/Honolulu', new Date(from - 1))).toBe('2020-02-01');
    expect(dayIn('Pacific/Honolulu', new Date(from + 1000))).toBe('2020-02-01');
  });

  it('tells which zones were asked for while a drawing ran', () => {
    const { result, zones } = zonesAsked(() => dayIn(propertyZone({ country: 'Fiji' })).length);
    expect(result).toBe(10);
    expect(zones).toEqual(['Pacific/Fiji']);
    expect(zonesAsked(() => 1).zones).toEqual([]);
  });
});
