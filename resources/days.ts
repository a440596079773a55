/**
 * Days as the API writes them (yyyy-MM-dd) and the arithmetic on them, in UTC so a day is a day
 * whatever the machine's zone: the one place for it (which day is "today" is resources/property-day.ts).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** yyyy-MM-dd of a UTC date. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A real calendar day as yyyy-MM-dd (2027-02-30 and 2026-13-01 are not). */
export const isRealDay = (s: string) => DAY.test(s) && !Number.isNaN(at(s)) && isoDay(new Date(at(s))) === s;

export const addDays = (day: string, n: number) => isoDay(new Date(at(day) + n * MS_PER_DAY));

/** The ISO day of the week, 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string) => ((new Date(at(day)).getUTCDay() + 6) % 7) + 1;

/** Whole days from one day to another (nights of a stay). */
export const daysBetween = (from: string, to: string) => Math.round((at(to) - at(from)) / MS_PER_DAY);

/** The same day `months` later, or the month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
}
