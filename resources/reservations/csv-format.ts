/**
 * How the reservations export writes a CSV file. Comma by default; a semicolon for spreadsheets in
 * locales that read a comma as the decimal mark. The file starts with a UTF-8 byte-order mark so a
 * spreadsheet opened by double-click reads accented guest names right.
 */
export const CSV_SEPARATORS = {
  comma: { char: ',', label: 'commas (,)' },
  semicolon: { char: ';', label: 'semicolons (;)' },
} as const;
export type CsvSeparator = keyof typeof CSV_SEPARATORS;
export const DEFAULT_SEPARATOR: CsvSeparator = 'comma';
export const isCsvSeparator = (v: unknown): v is CsvSeparator =>
  typeof v === 'string' && Object.hasOwn(CSV_SEPARATORS, v);

export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * What a spreadsheet may read as the start of a formula (OWASP's list: = + - @ tab and carriage
 * return; and | for DDE; and the full-width forms ＝ ＋ － ＠ some spreadsheets turn into the plain ones).
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '|', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];

/** One cell: a formula trigger at the start is defused with a leading quote, and the cell is quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: unknown, separator: CsvSeparator = DEFAULT_SEPARATOR): string {
  const s = value == null ? '' : String(value);
  const safe = s && FORMULA_TRIGGERS.includes(s[0]) ? `'${s}` : s;
  const sep = CSV_SEPARATORS[separator].char;
  return safe.includes(sep) || /["\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly unknown[], separator: CsvSeparator = DEFAULT_SEPARATOR) =>
  cells.map((c) => csvCell(c, separator)).join(CSV_SEPARATORS[separator].char);
