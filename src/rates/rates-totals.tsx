import { AVAILABILITY_TEXT, availability, daysBetween } from '../../resources/rates-inventory/rates-inventory.schema';
import { addDays } from '../../resources/days';
import type { Calendar } from './rates-model';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Each day's sum over the room types read so far: rooms to sell (null when none loaded any), booked, left. */
export function totalsOf(calendars: Calendar[], days: number) {
  return Array.from({ length: days }, (_, i) => {
    let rooms: number | null = null;
    let booked = 0;
    for (const cal of calendars) {
      const r = cal.roomsToSell[i];
      if (r != null) rooms = (rooms ?? 0) + r;
      booked += cal.booked[i] ?? 0;
    }
    return { rooms, booked, left: availability(rooms, booked) };
  });
}

/**
 * The all-room-types view's total row (issue 31): rooms to sell, booked and left to sell each day
 * across the property, the days as wide as the blocks' beneath it, states named as well as tinted.
 */
export function RatesTotals({
  calendars,
  roomTypes,
  from,
  to,
}: {
  calendars: Calendar[];
  roomTypes: number;
  from: string;
  to: string;
}) {
  const days = daysBetween(from, to) + 1;
  const totals = totalsOf(calendars, days);
  const complete = calendars.length === roomTypes;
  const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
  return (
    <div
      className="rates-totals"
      role="table"
      aria-label="All room types: totals"
      aria-busy={!complete}
      style={{ ['--rates-days' as string]: days }}
    >
      <div role="row" className="rates-totals__row rates-totals__head">
        <span role="columnheader">All room types</span>
        {dates.map((d) => (
          <span role="columnheader" key={d} data-date={d}>
            {WEEKDAY[new Date(`${d}T00:00:00Z`).getUTCDay()]} {Number(d.slice(8))}
          </span>
        ))}
      </div>
      <div role="row" className="rates-totals__row" data-row="total-rooms">
        <span role="rowheader">Rooms to sell</span>
        {totals.map((t, i) => (
          <span role="cell" key={dates[i]} data-cell={`total-rooms|${dates[i]}`}>
            {t.rooms ?? '—'}
          </span>
        ))}
      </div>
      <div role="row" className="rates-totals__row" data-row="total-booked">
        <span role="rowheader">Booked</span>
        {totals.map((t, i) => (
          <span role="cell" key={dates[i]} data-cell={`total-booked|${dates[i]}`}>
            {t.booked}
          </span>
        ))}
      </div>
      <div role="row" className="rates-totals__row" data-row="total-left">
        <span role="rowheader">Left to sell</span>
        {totals.map((t, i) => (
          <span
            role="cell"
            key={dates[i]}
            data-cell={`total-left|${dates[i]}`}
            className={t.left && t.left.state !== 'open' ? `is-${t.left.state}` : undefined}
            title={t.left ? `${AVAILABILITY_TEXT[t.left.state]}: ${t.left.left}` : 'No rooms loaded'}
          >
            {t.left ? t.left.left : '—'}
          </span>
        ))}
      </div>
    </div>
  );
}
