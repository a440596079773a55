import type { CrudFilter, CrudSort, GetListParams } from '@refinedev/core';
import type { GraphQLDataProviderOptions } from '@refinedev/graphql';
import type { OperationResult } from '@urql/core';

/** Our operations answer with one root field: take it, whatever its name. */
const first = (response: OperationResult) =>
  Object.values((response.data ?? {}) as Record<string, unknown>)[0] as Record<string, unknown>;

/** Refine's sorters → our sort enum value: [{ field: 'saleEnd', order: 'asc' }] → 'SALE_END_ASC'. */
export function toSort(sorters: CrudSort[] = []): string | undefined {
  const [s] = sorters;
  return s ? `${s.field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_${s.order.toUpperCase()}` : undefined;
}

/** Refine's filters → our filter input: 'in' lists for enums, 'contains' text, 'eq' booleans. Empty ones are left out. */
export function toFilter(filters: CrudFilter[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters) {
    if (!('field' in f)) continue;
    const empty =
      f.value === undefined || f.value === null || f.value === '' || (Array.isArray(f.value) && f.value.length === 0);
    if (!empty) out[f.field] = f.value;
  }
  return out;
}

/**
 * The variables our resource operations take (resources/resource.documents.ts). The list's `input`
 * (scope, filter, sort) is what the cache is keyed by; paging travels beside it.
 */
export const resourceDataOptions: GraphQLDataProviderOptions = {
  getList: {
    buildVariables: (params: GetListParams) => {
      const { currentPage = 1, pageSize = 10 } = params.pagination ?? {};
      // Rows under another row are listed by the parent's id (meta.scope); the others by property.
      const scope = params.meta?.scope ?? (params.meta?.propertyId ? { propertyId: params.meta.propertyId } : {});
      return {
        input: { ...scope, filter: toFilter(params.filters), sort: toSort(params.sorters) },
        limit: pageSize,
        offset: (currentPage - 1) * pageSize,
      };
    },
    dataMapper: (response) => first(response).nodes as never,
    getTotalCount: (response) => first(response).totalCount as number,
  },
  getOne: { dataMapper: (response) => first(response) as never, buildVariables: (params) => ({ id: params.id }) },
  create: {
    dataMapper: (response) => first(response),
    buildVariables: (params) => ({
      input: {
        ...(params.meta?.scope ?? (params.meta?.propertyId ? { propertyId: params.meta.propertyId } : {})),
        values: params.variables,
        ...(params.meta?.confirm ? { confirm: true } : {}),
      },
    }),
  },
  update: {
    dataMapper: (response) => first(response) as never,
    buildVariables: (params) => ({
      input: {
        id: params.id,
        version: params.meta?.version,
        values: params.variables,
        ...(params.meta?.confirm ? { confirm: true } : {}),
      },
    }),
  },
  deleteOne: {
    dataMapper: (response) => first(response) as never,
    buildVariables: (params) => ({ input: { id: params.id, ...(params.meta?.confirm ? { confirm: true } : {}) } }),
  },
};
