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
  if (told.has(zone)) return true;
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/** The last day computed per zone, with the second it was computed for: a day never changes within a second. */
const lastDay = new Map<string, { second: number; day: string }>();

/**
 * A zone's day as someone who knew it told it (the server, with a page it drew), until the moment
 * it ends. The portal's first render reads its days from here: the first Intl format in a time zone
 * loads the browser's zone data, 117 ms of a phone's main thread on the reservations list's takeover.
 */
export type ToldDays = Record<string, { day: string; from: number; until: number }>;
const told = new Map<string, ToldDays[string]>();
export const tellDays = (days: ToldDays | undefined) => {
  for (const [zone, day] of Object.entries(days ?? {})) told.set(zone, day);
};

/** The zones `dayIn` was asked for while `fn` ran, with `fn`'s result (a drawing tells them with its page). */
let asked: Set<string> | null = null;
export function zonesAsked<T>(fn: () => T): { result: T; zones: string[] } {
  const before = asked;
  asked = new Set();
  try {
    const result = fn();
    return { result, zones: [...asked] };
  } finally {
    asked = before;
  }
}

/** The first millisecond between `inside` (on `day` in `zone`) and `outside` (not) that is on the other side. */
function edge(zone: string, day: string, inside: number, outside: number): number {
  while (Math.abs(outside - inside) > 1) {
    const mid = Math.floor((inside + outside) / 2);
    if (dayIn(zone, new Date(mid)) === day) inside = mid;
    else outside = mid;
  }
  return Math.max(inside, outside);
}

/** A day lasts at most 26 hours (a change of clocks), so 27 hours away is always another day. */
const PAST_A_DAY = 27 * 3_600_000;

/** The days `daysOf` found, per zone: a server drawing pages all day halves each day's edges once. */
const found = new Map<string, ToldDays[string]>();

/** Each zone's day at `now`, from its first millisecond to the first of the next (found by halving). */
export function daysOf(zones: string[], now = new Date()): ToldDays {
  const days: ToldDays = {};
  const t = now.getTime();
  for (const zone of zones) {
    const known = found.get(zone);
    if (known && known.from <= t && t < known.until) {
      days[zone] = known;
      continue;
    }
    const day = dayIn(zone, now);
    days[zone] = { day, from: edge(zone, day, t, t - PAST_A_DAY), until: edge(zone, day, t, t + PAST_A_DAY) };
    found.set(zone, days[zone]);
  }
  return days;
}

/** yyyy-MM-dd of `now` in `zone`. */
export function dayIn(zone: string, now: Date = new Date()): string {
  asked?.add(zone);
  const known = told.get(zone);
  if (known && known.from <= now.getTime() && now.getTime() < known.until) return known.day;
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
