import { describe, expect, it } from 'vitest';
import { frontDeskQuery, frontDeskSearch, frontDeskViewsOf } from '../../resources/reservations/front-desk';
import { reservationsCsvName } from '../../resources/reservations/reservations.schema';

const TODAY = '2026-11-27'; // a Friday
const viewsOf = (search: string, today = TODAY) => frontDeskViewsOf(new URLSearchParams(search), today);

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
      expect(viewsOf(frontDeskSearch(v, TODAY))).toEqual([v]);
    expect(viewsOf(`direction=asc&from=${TODAY}&state=reserved&page=3`)).toEqual(['upcoming']);
    expect(viewsOf(`state=reserved&from=${TODAY}&direction=asc&q=smith`)).toEqual([]);
    expect(viewsOf('view=all&state=cancelled')).toEqual([]);
    expect(viewsOf('')).toEqual(['all']);
  });

  it('shows every view whose filter the address is, where two are the same on the day', () => {
    const monday = '2026-12-07';
    expect(viewsOf(frontDeskSearch('next7', monday), monday)).toEqual(['week', 'next7']);
    expect(viewsOf(frontDeskSearch('week', monday), monday)).toEqual(['week', 'next7']);
    const sunday = '2026-12-06';
    expect(viewsOf(frontDeskSearch('today', sunday), sunday)).toEqual(['today', 'week']);
  });

  it("names the export for the property and the filter's dates", () => {
    expect(reservationsCsvName(1, {})).toBe('reservations-1.csv');
    expect(reservationsCsvName(1, { from: TODAY, to: '2026-12-03' })).toBe(
      'reservations-1-2026-11-27-to-2026-12-03.csv',
    );
    expect(reservationsCsvName(7, { from: TODAY })).toBe('reservations-7-2026-11-27-to-end.csv');
  });
});
