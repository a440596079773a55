/**
 * "Today" is the property's own day, from its time zone (details → location), or its country's
 * main zone when it has none: before 10:00 in Sydney the UTC date is still yesterday, and a hotel
 * must be able to close today. The same on the server and in the portal.
 */
export const COUNTRY_ZONES: Record<string, string> = {
  Australia: 'Australia/Sydney',
  'New Zealand': 'Pacific/Auckland',
  Fiji: 'Pacific/Fiji',
};
/** A property with neither a zone nor a known country counts days in the brand's home zone. */
export const HOME_ZONE = 'Australia/Sydney';

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (zone: string) => {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(zone, f);
  }
  return f;
};

/** The time zone a property's days are counted in. An unknown zone name falls back to its country's. */
export function propertyZone(p: { timezone?: string | null; country?: string | null }): string {
  for (const zone of [p.timezone, p.country ? COUNTRY_ZONES[p.country] : null]) if (zone && isZone(zone)) return zone;
  return HOME_ZONE;
}

function isZone(zone: string): boolean {
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/** The last day computed per zone, with the second it was computed for: a day never changes within a second. */
const lastDay = new Map<string, { second: number; day: string }>();

/** yyyy-MM-dd of `now` in `zone`. */
export function dayIn(zone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDay.get(zone);
  if (last?.second === second) return last.day;
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  lastDay.set(zone, { second, day });
  return day;
}
