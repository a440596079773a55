/**
 * Staff's finder exports its filtered list (issue 30): every property the filter holds, in the
 * finder's order, with the columns staff's rows show.
 */
export const FINDER_EXPORT_PATH = '/exports/properties.csv';

export const FINDER_CSV_COLUMNS = [
  ['ID', 'id'],
  ['Name', 'name'],
  ['Status', 'status'],
  ['Suburb', 'suburb'],
  ['Country', 'country'],
  ['Provider', 'provider'],
  ['Group', 'group'],
  ['Readiness', 'readiness'],
  ['Last change', 'lastChangeAt'],
  ['Changed by', 'lastChangeBy'],
] as const;
export type FinderCsvKey = (typeof FINDER_CSV_COLUMNS)[number][1];

export const FINDER_EXPORT_TEXTS = {
  failed: "Couldn't export the properties.",
  filename: (day: string) => `properties-${day}.csv`,
} as const;
