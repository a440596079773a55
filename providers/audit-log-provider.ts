import type { AuditLogProvider, DataProvider } from '@refinedev/core';
import { TRAIL_DOCS } from '../resources/trails/trail.documents';

/**
 * Refine's audit-log provider over the one data provider (issue 29): `useLogList` reads a
 * property's trail (Trails) or one record's (meta.filter names its subject), filtered and paged in
 * meta. The history is written by the server's command path with every change, so the portal
 * writes none: create and update are refused rather than silently dropped.
 */
export function createAuditLogProvider(dataProvider: DataProvider): AuditLogProvider {
  return {
    get: async ({ meta }) => {
      const { propertyId, filter, limit, offset } = (meta ?? {}) as Record<string, unknown>;
      const { data } = await dataProvider.custom!({
        url: '',
        method: 'post',
        // The document travels as text, as useGql sends it (the transport takes either).
        meta: { gqlQuery: TRAIL_DOCS.history as never, gqlVariables: { propertyId, filter, limit, offset } },
      });
      return (data as { propertyHistory: unknown }).propertyHistory;
    },
    create: async () => {
      throw new Error('The history is written by the server with each change.');
    },
    update: async () => {
      throw new Error('The history is append-only.');
    },
  };
}
