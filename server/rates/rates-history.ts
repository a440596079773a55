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

/**
 * A rates batch as one history record: "Rates: Deluxe King, 3–9 Jan 2027", how many cells, and
 * the batch whose changes (rates_changes) hold each cell's before and after. None when no cell changed.
 */
export function ratesHistory(
  scope: { propertyId: number; roomTypeId: string; roomTypeName: string },
  source: BatchSource,
  batch: { batchId: string; count: number },
  days: readonly string[],
  more: Record<string, unknown> = {},
): HistoryEntry | null {
  if (!batch.count) return null;
  const range = dayRangeLabel(days);
  return {
    action: ACTIONS[source],
    subjectType: 'RatesInventory',
    subjectId: scope.roomTypeId,
    propertyId: scope.propertyId,
    label: `Rates: ${scope.roomTypeName}${range ? `, ${range}` : ''}`,
    before: null,
    after: { batchId: batch.batchId, cells: batch.count, ...more },
    changes: [{ field: 'cells', before: null, after: batch.count }],
  };
}
