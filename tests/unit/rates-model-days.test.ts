import { describe, expect, it } from 'vitest';
import { colOf, dayOf, type Calendar } from '../../src/rates/rates-model';

/** A calendar of five days from 2026-12-05: only the fields a day's column is worked out from. */
const cal = { from: '2026-12-05', roomsToSell: [1, 2, 3, 4, 5] } as unknown as Calendar;

describe("a calendar's days and columns", () => {
  it('finds a day within the calendar at its column, and back', () => {
    expect(colOf(cal, '2026-12-05')).toBe(0);
    expect(colOf(cal, '2026-12-08')).toBe(3);
    expect(dayOf(cal, colOf(cal, '2026-12-09'))).toBe('2026-12-09');
  });

  it('keeps a day outside the calendar at its first or last column', () => {
    expect(colOf(cal, '2026-11-30')).toBe(0);
    expect(colOf(cal, '2026-12-10')).toBe(4);
    expect(colOf(cal, '2027-03-01')).toBe(4);
  });
});
