import { once } from './once';

/** The one locale the portal and the server's mail write numbers, dates and plurals in. */
export const LOCALE = 'en-AU';

/**
 * Each formatter is made on first use: building them loads the locale's data, ≈ 180 ms on a phone's
 * CPU when the portal starts, most of it for the collator few pages use.
 */
const numbers = once(() => new Intl.NumberFormat(LOCALE));
const dateTimes = once(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }));
const collator = once(() => new Intl.Collator(LOCALE, { numeric: true, sensitivity: 'base' }));

/** Names in the order a person expects: 'Rate 2' before 'Rate 10', case and accents aside. */
export const naturalCompare = (a: string, b: string) => collator().compare(a, b);

/**
 * en-AU's digits grouped in thousands (1234567 → 1,234,567), written out: counts and money on a
 * page's first screen need no Intl, whose first use loads ICU's data (about 100 ms of a phone's main
 * thread on the group dashboard). tests/unit/plural.test.ts holds it to Intl's answers.
 */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The word agreeing with a count: plural(1, 'adult', 'adults') → 'adult'. English's rule (CLDR: one
 * for the integer 1 and its negative, other for the rest) where Intl would load its data for it.
 */
export const plural = (n: number, one: string, many: string) => (Math.abs(n) === 1 ? one : many);

/** '1 cell', '1,200 cells': a count with its noun, the one way texts count things. */
export const countOf = (n: number, one: string, many: string) => `${formatNumber(n)} ${plural(n, one, many)}`;

/** 'was' or 'were', agreeing with a count. */
export const wasOrWere = (n: number) => plural(n, 'was', 'were');

/** A number as the locale writes it (1,200); a whole one without Intl. */
export const formatNumber = (n: number) =>
  Number.isSafeInteger(n) ? `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}` : numbers().format(n);

/** A moment as the locale writes it (25 Nov 2026, 3:04 pm). */
export const formatDateTime = (iso: string | Date) => dateTimes().format(new Date(iso));
