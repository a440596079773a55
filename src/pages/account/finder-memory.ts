/**
 * The finder's last address in this tab (issue 30): "Back to properties" returns to the search and
 * page it came from rather than the top of the list.
 */
const KEY = 'extranet:finder-search';

export function rememberFinderSearch(search: string) {
  try {
    sessionStorage.setItem(KEY, search.startsWith('?') || search === '' ? search : `?${search}`);
  } catch {
    // Storage off: back goes to the top of the list.
  }
}

/** Where "Back to properties" goes: the home page with the last search, if any. */
export function finderReturnPath(): string {
  try {
    const search = sessionStorage.getItem(KEY) ?? '';
    return /^(\?[^#]{0,500})?$/.test(search) ? `/${search}` : '/';
  } catch {
    return '/';
  }
}

/** The back link of a page picked from the finder (a property's home, a group's page). */
export const backToProperties = () => ({ to: finderReturnPath(), label: 'Back to properties' });
