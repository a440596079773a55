import type { BulkStatusAction } from '../domain';
import { countOf, formatNumber } from '../plural';

/**
 * The words of issue 30's status changes beyond spec §4's menu: a hard delete behind the property's
 * name, Restore for an archived property, and the finder's bulk actions with their preview.
 */
export const STATUS_TEXTS = {
  typeName: (name: string) => `Type the property's name, ${name}, to delete it for good.`,
  typeNameLabel: "The property's name",
  deleteArchives: (name: string) =>
    `Delete ${name}? It holds data, so it will be archived: staff can restore it from the property's page.`,
  restore: 'Restore',
  restoreTitle: 'Restore property',
  restoreMessage: (name: string, to: string) => `Restore ${name}? It goes back to ${to}.`,
  restoring: 'Restoring...',
  archivedBanner: 'This property is archived.',
  bulkButton: 'Change status',
  bulkMax: (max: number) => `Narrow the list to ${max} properties or fewer to change them together.`,
  bulkTitle: (label: string) => `${label} the properties listed`,
  bulkWill: (label: string, n: number) => `${label} ${countOf(n, 'property', 'properties')}`,
  bulkNone: 'None of the properties listed can be changed this way.',
  bulkRefused: (n: number) =>
    n === 1 ? '1 property is left as it is:' : `${formatNumber(n)} properties are left as they are:`,
  bulkDone: (label: string, n: number) => `${label}: ${countOf(n, 'property', 'properties')} done.`,
  bulkSkipped: (n: number) =>
    n === 1 ? '1 property was left as it is.' : `${formatNumber(n)} properties were left as they are.`,
} as const;

export const BULK_STATUS_LABELS: Record<BulkStatusAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  archive: 'Archive',
};

/** The most properties one bulk change takes: a filtered list, not the whole portfolio. */
export const BULK_STATUS_MAX = 200;
