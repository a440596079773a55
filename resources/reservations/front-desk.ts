import { addDays, isoWeekday } from '../days';
import { queryFromSearch, reservationQuerySchema, searchFromQuery, type ReservationQuery } from './reservations.schema';

/**
 * The front desk's views of the reservations list (issue 31): each a named filter the list's
 * address holds, so a chip is a link, a view can be bookmarked and Back returns to it. "Today" is
 * the property's own day. The list opens on upcoming arrivals; "All reservations" is a chip away.
 */
export const FRONT_DESK_VIEWS = {
  upcoming: 'Upcoming arrivals',
  today: 'Arriving today',
  tomorrow: 'Arriving tomorrow',
  week: 'Arriving this week',
  next7: 'Next 7 days',
  all: 'All reservations',
} as const;
export type FrontDeskView = keyof typeof FRONT_DESK_VIEWS;
export const FRONT_DESK_VIEW_KEYS = Object.keys(FRONT_DESK_VIEWS) as FrontDeskView[];
/** The address of "All reservations": no filter at all, said so (an empty address opens on upcoming arrivals). */
export const ALL_VIEW_PARAM = 'view';

const arrivals = (from: string, to?: string): Partial<ReservationQuery> => ({
  state: 'reserved',
  dateField: 'check_in',
  from,
  ...(to ? { to } : {}),
  sort: 'check_in',
  direction: 'asc',
});

/** A view's filter on `today` (yyyy-MM-dd); weeks end on Sunday. */
export function frontDeskQuery(view: FrontDeskView, today: string): Partial<ReservationQuery> {
  switch (view) {
    case 'upcoming':
      return arrivals(today);
    case 'today':
      return arrivals(today, today);
    case 'tomorrow':
      return arrivals(addDays(today, 1), addDays(today, 1));
    case 'week':
      return arrivals(today, addDays(today, 7 - isoWeekday(today)));
    case 'next7':
      return arrivals(today, addDays(today, 6));
    case 'all':
      return {};
  }
}

/** A view's address (search params without the '?'), in the list's own order of keys. */
export function frontDeskSearch(view: FrontDeskView, today: string): string {
  if (view === 'all') return `${ALL_VIEW_PARAM}=all`;
  return searchFromQuery(reservationQuerySchema.parse(frontDeskQuery(view, today))).toString();
}

/**
 * The views the address shows (whatever page of it): every view whose filter it is exactly, as two
 * can be the same on some days (on a Monday "this week" is the next 7 days, on a Sunday it is
 * today), and none when it is no view's.
 */
export function frontDeskViewsOf(params: URLSearchParams, today: string): FrontDeskView[] {
  const all = params.get(ALL_VIEW_PARAM) === 'all';
  const shown = searchFromQuery({ ...queryFromSearch(params), page: 1, limit: 20 }).toString();
  if (!shown) return ['all']; // after the first visit an empty address is every reservation
  if (all) return [];
  return FRONT_DESK_VIEW_KEYS.filter((v) => v !== 'all' && frontDeskSearch(v, today) === shown);
}
