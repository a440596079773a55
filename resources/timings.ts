/**
 * Spec §9's timings and the financial year, each named once: the portal's alerts, saving notice,
 * tracking, field formatting and flag events read them from here.
 */

/** Alerts dismiss themselves after 5 seconds, and take 500 ms to leave. */
export const ALERT_SECONDS = 5;
export const ALERT_EXIT_MS = 500;
/** The saving notice appears only when a save takes longer than 2 seconds. */
export const SAVING_NOTICE_DELAY_MS = 2000;
/** Page views are tracked 300 ms after the route settles. */
export const PAGE_VIEW_DEBOUNCE_MS = 300;
/** A number field formats what was typed 16 ms after typing stops, not on every keystroke. */
export const FIELD_FORMAT_DELAY_MS = 16;
/** Feature-flag events go in batches of at most 100, at most every 3 seconds. */
export const FLAG_EVENT_BATCH = 100;
export const FLAG_EVENT_FLUSH_MS = 3000;

/** The financial year starts on 1 July (month 7) and ends on 30 June. */
export const FINANCIAL_YEAR_START_MONTH = 7;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The financial year a day falls in, as yyyy-MM-dd bounds: '2027-06-30' → 2026-07-01…2027-06-30;
 * '2027-07-01' → 2027-07-01…2028-06-30. `back` years earlier (1: the last financial year).
 */
export function financialYear(day: string, back = 0): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number);
  const start = (m >= FINANCIAL_YEAR_START_MONTH ? y : y - 1) - back;
  const startMonth = pad(FINANCIAL_YEAR_START_MONTH);
  const end = new Date(Date.UTC(start + 1, FINANCIAL_YEAR_START_MONTH - 1, 0)); // the day before the next start
  return {
    from: `${start}-${startMonth}-01`,
    to: `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`,
  };
}
