import dayjs from 'dayjs';
import type { HistoryEntry } from '../commands/history';
import type { BatchSource } from './write-cells';

const parts = (day: string) => {
  const d = dayjs(day);
  return { y: d.year(), m: d.format('MMM'), d: d.date() };
};

/** '2027-01-03'…'2027-01-09' → '3–9 Jan 2027'; across months or years, each end in full. */
export function dayRangeLabel(days: readonly string[]): string {
  if (!days.length) return '';
  const sorted = [...days].sort();
  const a = parts(sorted[0]);
  const b = parts(sorted[sorted.length - 1]);
  if (sorted[0] === sorted[sorted.length - 1]) return `${a.d} ${a.m} ${a.y}`;
  if (a.y === b.y && a.m === b.m) return `${a.d}–${b.d} ${b.m} ${b.y}`;
  if (a.y === b.y) return `${a.d} ${a.m} – ${b.d} ${b.m} ${b.y}`;
  return `${a.d} ${a.m} ${a.y} – ${b.d} ${b.m} ${b.y}`;
}

const ACTIONS: Record<BatchSource, string> = {
  grid: 'rates.save',
  bulk: 'rates.bulk_update',
  undo: 'rates.undo',
  link: 'rates.link',
};

type RoomTypeRef = { propertyId: number; roomTypeId: string; roomTypeName: string };

/** 'Deluxe King', 'Deluxe King and Garden Twin', 'Deluxe King, Garden Twin and Family Suite'. */
function roomTypeNames(scopes: readonly RoomTypeRef[]): string {
  const names = scopes.map((s) => s.roomTypeName);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * A rates batch as one history record: "Rates: Deluxe King, 3–9 Jan 2027", how many cells, and
 * the batch whose changes (rates_changes) hold each cell's before and after. None when no cell changed.
 * A bulk update over several room types (one batch each, one group) is one record naming them all;
 * its batch is the first room type's, and the group brings the others.
 */
export function ratesHistory(
  scope: RoomTypeRef | readonly RoomTypeRef[],
  source: BatchSource,
  batch: { batchId: string; count: number; groupId?: string | null },
  days: readonly string[],
  more: Record<string, unknown> = {},
): HistoryEntry | null {
  if (!batch.count) return null;
  const scopes = Array.isArray(scope) ? scope : [scope as RoomTypeRef];
  const range = dayRangeLabel(days);
  const group = batch.groupId ? { groupId: batch.groupId, roomTypeIds: scopes.map((s) => s.roomTypeId) } : {};
  return {
    action: ACTIONS[source],
    subjectType: 'RatesInventory',
    subjectId: scopes[0].roomTypeId,
    propertyId: scopes[0].propertyId,
    label: `Rates: ${roomTypeNames(scopes)}${range ? `, ${range}` : ''}`,
    before: null,
    after: { batchId: batch.batchId, cells: batch.count, ...group, ...more },
    changes: [{ field: 'cells', before: null, after: batch.count }],
  };
}
