import type { RatesCalendarQuery } from '../generated/graphql-types';
import {
  addDays,
  CELL_LABELS,
  daysBetween,
  parseRate,
  centsToString,
  hundredths,
  MAX_RATE_CENTS,
  MAX_ROOMS,
  percentOf,
  RATES_MESSAGES,
  ROOM_STATUS_TEXT,
  type CellField,
  type RoomField,
} from '../../resources/rates-inventory/rates-inventory.schema';

/** The calendar as the API sends it: one array per row, one entry per day from `from`. */
export type Calendar = RatesCalendarQuery['ratesCalendar'];
export type CalendarPlan = Calendar['plans'][number];
export type CellValue = string | number | boolean | null;

/** A row of the grid: rooms to sell, a plan's rate, or one of its restrictions (shown when the plan is expanded). */
export type GridRow = {
  key: string;
  planId: string | null;
  field: CellField;
  label: string;
  plan?: CalendarPlan;
  head: boolean;
};

/** The room type's own rows' keys: its status (open or closed) and its rooms to sell. */
const ROOM_ROW_KEY: Record<RoomField, string> = { roomClosed: 'status', roomsToSell: 'rooms' };

export function gridRows(cal: Calendar, expanded: Set<string>): GridRow[] {
  const rows: GridRow[] = [
    { key: ROOM_ROW_KEY.roomClosed, planId: null, field: 'roomClosed', label: ROOM_STATUS_TEXT.label, head: true },
    { key: ROOM_ROW_KEY.roomsToSell, planId: null, field: 'roomsToSell', label: CELL_LABELS.roomsToSell, head: true },
  ];
  for (const plan of cal.plans) {
    rows.push({ key: `${plan.id}|rate`, planId: plan.id, field: 'rate', label: plan.name, plan, head: true });
    if (!expanded.has(plan.id)) continue;
    for (const field of ['stopSell', 'closedToArrival', 'closedToDeparture', 'minStay', 'maxStay'] as const) {
      rows.push({ key: `${plan.id}|${field}`, planId: plan.id, field, label: CELL_LABELS[field], plan, head: false });
    }
  }
  return rows;
}

export const cellKey = (row: GridRow, col: number) => `${row.key}|${col}`;
export const isFlag = (field: CellField) =>
  field === 'roomClosed' || field === 'stopSell' || field === 'closedToArrival' || field === 'closedToDeparture';

/** A cell's key from the API's naming of it (a conflict's cells): its plan (null: the room type's own row), field and date. */
export const keyOfCell = (cal: Calendar, c: { ratePlanId: string | null; field: CellField; date: string }) =>
  `${c.ratePlanId ? `${c.ratePlanId}|${c.field}` : ROOM_ROW_KEY[c.field as RoomField]}|${daysBetween(cal.from, c.date)}`;

/** A stored value as the API names it in a conflict (text, as the database has it) → the cell's value. */
export function fromStored(field: CellField, text: string | null): CellValue {
  if (text === null) return isFlag(field) ? false : null;
  if (isFlag(field)) return text === 'true';
  return field === 'rate' ? text : Number(text);
}

export function savedValue(cal: Calendar, row: GridRow, col: number): CellValue {
  if (row.field === 'roomsToSell') return cal.roomsToSell[col] ?? null;
  if (row.field === 'roomClosed') return cal.roomClosed[col] ?? false;
  return (row.plan![row.field] as CellValue[])[col] ?? null;
}

/** Text typed into a cell as the value to save, or the field's message. */
export function parseTyped(field: CellField, text: string): { value: CellValue } | { error: string } {
  const t = text.trim();
  if (field === 'rate') {
    const r = parseRate(t);
    return 'error' in r ? r : { value: centsToString(r.cents) };
  }
  if (field === 'minStay' || field === 'maxStay') {
    if (!t) return { value: null };
    return /^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 365
      ? { value: Number(t) }
      : { error: RATES_MESSAGES.stay };
  }
  return /^\d+$/.test(t) && Number(t) <= MAX_ROOMS ? { value: Number(t) } : { error: RATES_MESSAGES.rooms };
}

/**
 * Text typed over a block of cells, for one cell of it given the value it holds now: a value sets
 * it; '+10%' or '-5%' (rates) and '+10' or '-5' (rates, rooms, stays) change it from what it holds.
 * A relative change of an empty cell leaves it as it is (skip).
 */
export function typedFor(
  field: CellField,
  text: string,
  current: CellValue,
): { value: CellValue } | { error: string } | { skip: true } {
  const t = text.trim().replace(/\s+/g, '');
  const relative = /^([+-])(\d{1,7}(?:\.\d{1,2})?)(%?)$/.exec(t);
  if (!relative) return parseTyped(field, t);
  if (current === null || current === undefined || typeof current === 'boolean') return { skip: true };
  const delta = hundredths(`${relative[1] === '-' ? '-' : ''}${relative[2]}`)!;
  if (field === 'rate') {
    const cents = BigInt((parseRate(String(current)) as { cents: number }).cents);
    const after = relative[3] ? percentOf(cents, delta) : cents + delta;
    if (after <= 0n) return { error: RATES_MESSAGES.rateAtOrBelowZero };
    if (after > BigInt(MAX_RATE_CENTS)) return { error: RATES_MESSAGES.rateAboveMax };
    return { value: centsToString(Number(after)) };
  }
  if (relative[3] || delta % 100n !== 0n) return parseTyped(field, t); // whole numbers only: its message
  return parseTyped(field, String(Number(current) + Number(delta / 100n)));
}

/** A pasted cell's text as a value: flags read yes/no words and marks as a spreadsheet writes them. */
export function pastedFor(field: CellField, text: string): { value: CellValue } | { error: string } {
  if (!isFlag(field)) return parseTyped(field, text);
  const t = text.trim().toLowerCase();
  if (['true', 'yes', 'y', '1', 'x', '✕', 'closed', 'close', 'on'].includes(t)) return { value: true };
  if (['false', 'no', 'n', '0', '', 'open', 'off'].includes(t)) return { value: false };
  return { error: RATES_MESSAGES.flag };
}

/** Tab-separated rows (a spreadsheet's copy) as a grid of texts; a trailing newline is not a row. */
export const parseTsv = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t'));

export const dayOf = (cal: Calendar, col: number) => addDays(cal.from, col);
/** The column of a day (YYYY-MM-DD), or the calendar's first or last one for a day outside it. */
export const colOf = (cal: Calendar, date: string) =>
  Math.max(0, Math.min(cal.roomsToSell.length - 1, daysBetween(cal.from, date)));

export function expandedKey(propertyId: number) {
  return `extranet:expanded-rates:${propertyId}`;
}
/** Spec §3 local UI state: which rate plans are expanded, per property, as kept (`expandedKey`). */
export function parseExpanded(kept: string | null): Set<string> {
  try {
    return new Set(JSON.parse(kept ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}
