import { describe, expect, it } from 'vitest';
import { changeSummary, storedCellText } from '../../resources/rates-inventory/batch-summary';

const change = (over: Record<string, unknown>) => ({
  field: 'stopSell',
  days: 1,
  firstDay: '2026-11-28',
  lastDay: '2026-11-28',
  plans: 14,
  planName: null,
  uniform: true,
  after: 'true',
  ...over,
});

describe('recent updates say what changed (issue 31)', () => {
  it('names the field and its new value, the days and the plans', () => {
    expect(changeSummary(change({}))).toBe('Stop sell on · Sat 28 Nov · 14 plans');
    expect(
      changeSummary(
        change({
          field: 'rate',
          days: 8,
          firstDay: '2026-12-01',
          lastDay: '2026-12-12',
          plans: 1,
          planName: 'Best available rate',
          after: '198.00',
        }),
      ),
    ).toBe('Rate set to 198.00 · 8 days in Dec · Best available rate');
    expect(changeSummary(change({ field: 'roomsToSell', days: 12, lastDay: '2026-12-09', plans: 0, after: '5' }))).toBe(
      'Rooms to sell set to 5 · 12 days, 28 Nov – 9 Dec',
    );
    expect(
      changeSummary(
        change({ field: 'minStay', uniform: false, after: null, plans: 2, days: 3, lastDay: '2026-11-30' }),
      ),
    ).toBe('Minimum stay changed · 3 days in Nov · 2 plans');
    expect(changeSummary(change({ field: 'maxStay', after: null, plans: 1, planName: 'Flexible' }))).toBe(
      'Maximum stay cleared · Sat 28 Nov · Flexible',
    );
    expect(changeSummary(change({ field: 'closedToArrival', after: 'false' }))).toBe(
      'Closed to arrival off · Sat 28 Nov · 14 plans',
    );
  });

  it('says a room closed or opened in words, with no plans named', () => {
    expect(changeSummary(change({ field: 'roomClosed', plans: 0 }))).toBe('Room closed · Sat 28 Nov');
    expect(changeSummary(change({ field: 'roomClosed', plans: 0, after: 'false' }))).toBe('Room opened · Sat 28 Nov');
  });

  it('names stored values in words: a room Closed or Open, a flag On or Off, an empty cell —', () => {
    expect(storedCellText('roomClosed', 'true')).toBe('Closed');
    expect(storedCellText('roomClosed', 'false')).toBe('Open');
    expect(storedCellText('stopSell', 'true')).toBe('On');
    expect(storedCellText('closedToDeparture', 'false')).toBe('Off');
    expect(storedCellText('rate', null)).toBe('—');
    expect(storedCellText('rate', '129.50')).toBe('129.50');
    expect(storedCellText('minStay', '2')).toBe('2');
  });
});
