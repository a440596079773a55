import { INVENTORY_PROVIDERS, PROPERTY_STATUSES, type InventoryProvider, type PropertyStatus } from '../domain';
import { WORKLIST_KEYS, type WorklistKey } from './worklist';

/**
 * The property finder on the home page (issue 17): search by name, ID or suburb, filter by status
 * and inventory provider, sort, page. The server takes the same sorts and limits; the page keeps
 * its state in the address so that a search can be shared, reloaded and gone back to.
 */
export const PROPERTY_SORT_LABELS = {
  NAME_ASC: 'Name, A to Z',
  NAME_DESC: 'Name, Z to A',
  ID_ASC: 'ID, lowest first',
  ID_DESC: 'ID, highest first',
  UPDATED_DESC: 'Recently updated',
} as const;
export type PropertySort = keyof typeof PROPERTY_SORT_LABELS;
export const PROPERTY_SORTS = Object.keys(PROPERTY_SORT_LABELS) as [PropertySort, ...PropertySort[]];
export const DEFAULT_PROPERTY_SORT: PropertySort = 'NAME_ASC';

export const FINDER_PAGE_SIZE = 20;
/** Longer searches are cut to this many characters. */
export const FINDER_SEARCH_MAX = 100;
/** A search that is only an ID: digits, optionally after a '#'. */
export const PROPERTY_ID_SEARCH = /^#?\s*(\d{1,9})$/;

export const FINDER_TEXTS = {
  search: 'Search by name, ID or suburb',
  status: 'Status',
  provider: 'Provider',
  sort: 'Sort by',
  anyStatus: 'All statuses',
  anyProvider: 'All providers',
  noMatch: 'No properties match your search.',
  /** The empty state says what was searched (issue 30). */
  searched: (text: string) =>
    `Searched property names, IDs, suburbs and group names for “${text}”${text.includes('@') ? ', and people and key contacts by email' : ''}.`,
  noneYet: 'You have no properties yet. Contact support to be added to one.',
  clear: 'Clear filters',
  previous: 'Previous page',
  next: 'Next page',
} as const;

export type FinderQuery = {
  search: string;
  status: PropertyStatus | null;
  provider: InventoryProvider | null;
  /** Staff's worklist condition (issue 30), from the worklist's links. */
  attention: WorklistKey | null;
  sort: PropertySort;
  page: number;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The finder's state from the address; anything unknown falls back to the default. */
export function finderQueryFromSearch(params: URLSearchParams): FinderQuery {
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').slice(0, FINDER_SEARCH_MAX),
    status: oneOf(PROPERTY_STATUSES, params.get('status')),
    provider: oneOf(INVENTORY_PROVIDERS, params.get('provider')),
    attention: oneOf(WORKLIST_KEYS, params.get('attention')),
    sort: oneOf(PROPERTY_SORTS, params.get('sort')) ?? DEFAULT_PROPERTY_SORT,
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 50_000) : 1,
  };
}

/** The address for a finder state, leaving defaults out. */
export function searchFromFinderQuery(query: FinderQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search.trim()) params.set('q', query.search.trim());
  if (query.status) params.set('status', query.status);
  if (query.provider) params.set('provider', query.provider);
  if (query.attention) params.set('attention', query.attention);
  if (query.sort !== DEFAULT_PROPERTY_SORT) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export const isFiltered = (query: FinderQuery) =>
  Boolean(query.search.trim() || query.status || query.provider || query.attention);

/** The API's variables for a finder state. */
export function finderVariables(query: FinderQuery) {
  return {
    search: query.search.trim() || null,
    statuses: query.status ? [query.status] : null,
    provider: query.provider,
    ...(query.attention ? { attention: query.attention } : {}),
    sort: query.sort,
    limit: FINDER_PAGE_SIZE,
    offset: (query.page - 1) * FINDER_PAGE_SIZE,
  };
}
