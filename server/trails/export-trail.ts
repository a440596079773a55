import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../context';
import { authorizeProperty } from '../auth/authorize';
import { streamCsv } from '../http/csv-export';
import { countTrail, parseTrailFilter, trailChunks, type HistoryRecord } from './trail-query';
import { TRAIL_CSV_COLUMNS } from '../../resources/trails/trail-rules';
import { ROLE_LABELS } from '../../resources/users/user-rules';

export const TRAIL_EXPORT_PATH = '/exports/trail.csv';

/** A change's fields as one cell: "status: PUBLISHED → UNPUBLISHED; name: … → …". */
const changesText = (r: HistoryRecord) =>
  r.changes
    .map((c) => `${c.field}: ${JSON.stringify(c.before ?? null)} → ${JSON.stringify(c.after ?? null)}`)
    .join('; ');

const cellsOf = (r: HistoryRecord): Record<(typeof TRAIL_CSV_COLUMNS)[number][1], unknown> => ({
  at: r.at,
  who: r.actor.name,
  email: r.actor.email,
  role: r.actor.role ? (ROLE_LABELS[r.actor.role as keyof typeof ROLE_LABELS] ?? r.actor.role) : '',
  section: r.section.label,
  label: r.label,
  action: r.action,
  changes: changesText(r),
  revertsId: r.revertsId,
  id: r.id,
});

/**
 * GET /exports/trail.csv?propertyId=1&separator=comma|semicolon&<Trails' filter>: every change the
 * filter matches (not one page), newest first, for staff.
 */
export const exportTrail = (services: AppServices, req: IncomingMessage, res: ServerResponse) =>
  streamCsv(services, req, res, 'Trail export', async (ctx, params) => {
    const { propertyId } = await authorizeProperty(ctx, Number(params.get('propertyId')), 'read', 'Trails');
    params.delete('propertyId');
    const filter = parseTrailFilter(Object.fromEntries(params));
    return {
      filename: `trail-${propertyId}.csv`,
      total: await countTrail(services.db, propertyId, filter),
      header: TRAIL_CSV_COLUMNS.map(([h]) => h),
      rows: async function* () {
        for await (const chunk of trailChunks(services.db, propertyId, filter))
          yield chunk.map((r) => {
            const cells = cellsOf(r);
            return TRAIL_CSV_COLUMNS.map(([, k]) => cells[k]);
          });
      },
    };
  });
