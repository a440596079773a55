/**
 * The properties this browser opened last (issue 30's switcher): kept in localStorage, newest first,
 * at most RECENT_MAX. Names only as the portal showed them; a property the user lost stays until it
 * drops off (opening it answers NOT_FOUND, as any link would).
 */
export const RECENT_MAX = 8;
const KEY = 'extranet:recent-properties';

export type RecentProperty = { id: number; name: string };

export function readRecent(): RecentProperty[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list)
      ? list
          .filter((p): p is RecentProperty => Number.isSafeInteger(p?.id) && typeof p?.name === 'string')
          .slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberProperty(p: RecentProperty) {
  try {
    const rest = readRecent().filter((r) => r.id !== p.id);
    localStorage.setItem(KEY, JSON.stringify([{ id: p.id, name: p.name }, ...rest].slice(0, RECENT_MAX)));
  } catch {
    // Storage full or off: the switcher simply has no recent properties.
  }
}
