import { describe, expect, it } from 'vitest';
import { frontDeskQuery, frontDeskSearch, frontDeskViewOf } from '../../resources/reservations/front-desk';
import { reservationsCsvName } from '../../resources/reservations/reservations.schema';

const TODAY = '2026-11-27'; // a Friday
const viewOf = (search: string) => frontDeskViewOf(new URLSearchParams(search), TODAY);

describe("the front desk's views of the reservations list (issue 31)", () => {
  it('filters arrivals of reserved bookings from today, soonest first; a week ends on Sunday', () => {
    expect(frontDeskQuery('upcoming', TODAY)).toEqual({
      state: 'reserved',
      dateField: 'check_in',
      from: TODAY,
      sort: 'check_in',
      direction: 'asc',
    });
    expect(frontDeskQuery('today', TODAY)).toMatchObject({ from: TODAY, to: TODAY });
    expect(frontDeskQuery('tomorrow', TODAY)).toMatchObject({ from: '2026-11-28', to: '2026-11-28' });
    expect(frontDeskQuery('week', TODAY)).toMatchObject({ from: TODAY, to: '2026-11-29' });
    expect(frontDeskQuery('week', '2026-11-29')).toMatchObject({ from: '2026-11-29', to: '2026-11-29' });
    expect(frontDeskQuery('next7', TODAY)).toMatchObject({ from: TODAY, to: '2026-12-03' });
  });

  it("knows which view an address shows, whatever its page or its keys' order, and none when a filter is added", () => {
    for (const v of ['upcoming', 'today', 'tomorrow', 'week', 'next7', 'all'] as const)
      expect(viewOf(frontDeskSearch(v, TODAY))).toBe(v);
    expect(viewOf(`direction=asc&from=${TODAY}&state=reserved&page=3`)).toBe('upcoming');
    expect(viewOf(`state=reserved&from=${TODAY}&direction=asc&q=smith`)).toBeNull();
    expect(viewOf('view=all&state=cancelled')).toBeNull();
    expect(viewOf('')).toBe('all');
  });

  it("names the export for the property and the filter's dates", () => {
    expect(reservationsCsvName(1, {})).toBe('reservations-1.csv');
    expect(reservationsCsvName(1, { from: TODAY, to: '2026-12-03' })).toBe(
      'reservations-1-2026-11-27-to-2026-12-03.csv',
    );
    expect(reservationsCsvName(7, { from: TODAY })).toBe('reservations-7-2026-11-27-to-end.csv');
  });
});
