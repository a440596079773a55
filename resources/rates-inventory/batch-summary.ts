import { countOf, LOCALE } from '../plural';
import { once } from '../once';
import { CELL_LABELS, FLAG_FIELDS, isRoomField, ROOM_STATUS_TEXT, type CellField } from './rates-inventory.schema';

/** What one field of a saved batch changed (the API's RatesBatchChange). */
export type BatchChange = {
  field: string;
  days: number;
  firstDay: string;
  lastDay: string;
  /** Rate plans it touched (0 for rooms to sell, a room type's own). */
  plans: number;
  planName: string | null;
  /** Whether every cell got the same value, and that value (null: cleared). */
  uniform: boolean;
  after: string | null;
};

// Made on first use, as in ../plural.ts: building a formatter loads the locale's data.
const day = once(
  () => new Intl.DateTimeFormat(LOCALE, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const dayMonth = once(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const month = once(() => new Intl.DateTimeFormat(LOCALE, { month: 'short', timeZone: 'UTC' }));
const at = (d: string) => new Date(`${d}T00:00:00Z`);

/** 'Sat 28 Nov'; '8 days in Dec'; '12 days, 27 Nov – 31 Dec'. */
export function daySpan(c: Pick<BatchChange, 'days' | 'firstDay' | 'lastDay'>): string {
  if (c.days === 1) return day().format(at(c.firstDay)).replace(',', '');
  if (c.firstDay.slice(0, 7) === c.lastDay.slice(0, 7))
    return `${countOf(c.days, 'day', 'days')} in ${month().format(at(c.firstDay))}`;
  return `${countOf(c.days, 'day', 'days')}, ${dayMonth().format(at(c.firstDay))} – ${dayMonth().format(at(c.lastDay))}`;
}

/** A stored cell value in words: a room 'Closed' or 'Open', a flag 'On' or 'Off', an empty cell '—', else as stored ('129.50'). */
export function storedCellText(field: string, text: string | null): string {
  if (text == null || text === '') return '—';
  if (field === 'roomClosed') return text === 'true' ? ROOM_STATUS_TEXT.closed : ROOM_STATUS_TEXT.open;
  if ((FLAG_FIELDS as readonly string[]).includes(field)) return text === 'true' ? 'On' : 'Off';
  return text;
}

/** 'Stop sell on · Sat 28 Nov · 14 plans'; 'Room closed · Sat 28 Nov'; 'Rate set to 198.00 · 8 days in Dec · Best available rate'. */
export function changeSummary(c: BatchChange): string {
  const label = CELL_LABELS[c.field as CellField] ?? c.field;
  const flag = (FLAG_FIELDS as readonly string[]).includes(c.field);
  const what = !c.uniform
    ? `${label} changed`
    : c.field === 'roomClosed'
      ? c.after === 'true'
        ? CELL_LABELS.roomClosed
        : 'Room opened'
      : flag
        ? `${label} ${c.after === 'true' ? 'on' : 'off'}`
        : c.after === null
          ? `${label} cleared`
          : `${label} set to ${c.after}`;
  const where = isRoomField(c.field)
    ? null
    : c.plans === 1 && c.planName
      ? c.planName
      : countOf(c.plans, 'plan', 'plans');
  return [what, daySpan(c), where].filter(Boolean).join(' · ');
}
