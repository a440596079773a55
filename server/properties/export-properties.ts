import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../context';
import { streamCsv } from '../http/csv-export';
import { requireSupportStaff } from '../users/user-support';
import { findProperties, propertyExtrasFor } from './property-finder';
import { publishableOf, ratesLoadedFor } from './property-repo';
import { finderQueryFromSearch, finderVariables } from '../../resources/properties/property-finder';
import { FINDER_CSV_COLUMNS, FINDER_EXPORT_TEXTS, type FinderCsvKey } from '../../resources/properties/finder-export';
import {
  INVENTORY_PROVIDER_LABELS,
  STATUS_LABELS,
  readinessLabel,
  type InventoryProvider,
  type PropertyStatus,
} from '../../resources/domain';

const CHUNK = 500;
/** The statuses whose rows say how many steps remain (as the finder's rows do). */
const READINESS_SHOWN: readonly string[] = ['ONBOARDING', 'UNPUBLISHED'];

/**
 * GET /exports/properties.csv?<the finder's address: q, status, provider, attention, sort>: staff's
 * filtered list as a file, every match (not one page), read a chunk at a time in the finder's order.
 */
export const exportProperties = (services: AppServices, req: IncomingMessage, res: ServerResponse) =>
  streamCsv(services, req, res, 'Properties export', async (ctx, params) => {
    await requireSupportStaff(ctx);
    const { limit: _l, offset: _o, ...filter } = finderVariables(finderQueryFromSearch(params));
    const viewer = ctx.viewer!;
    const { total } = await findProperties(services.db, viewer, { ...filter, limit: 1, offset: 0 });
    return {
      filename: FINDER_EXPORT_TEXTS.filename(new Date().toISOString().slice(0, 10)),
      total,
      header: FINDER_CSV_COLUMNS.map(([h]) => h),
      rows: async function* () {
        for (let offset = 0; offset < total; offset += CHUNK) {
          const { nodes } = await findProperties(services.db, viewer, {
            ...filter,
            limit: CHUNK,
            offset,
            count: false,
          });
          if (!nodes.length) return;
          const ids = nodes.map((n) => n.id);
          // Readiness is shown for the properties on their way to being published, so only theirs is read.
          const onTheWay = nodes.filter((n) => READINESS_SHOWN.includes(n.status)).map((n) => n.id);
          const [loaded, extras] = await Promise.all([
            ratesLoadedFor(services.db, onTheWay),
            propertyExtrasFor(services.db, ids),
          ]);
          yield nodes.map((p) => {
            const extra = extras.get(p.id);
            const status = p.status as PropertyStatus;
            const cells: Record<FinderCsvKey, unknown> = {
              id: p.id,
              name: p.name,
              status: STATUS_LABELS[status],
              suburb: p.suburb,
              country: p.country,
              provider: p.inventory_provider
                ? INVENTORY_PROVIDER_LABELS[p.inventory_provider as InventoryProvider]
                : '',
              group: extra?.groupName ?? '',
              readiness: READINESS_SHOWN.includes(status)
                ? readinessLabel(publishableOf({ ...p, rates_loaded: loaded.get(p.id) ?? true }))
                : '',
              lastChangeAt: extra?.lastChange?.at ?? '',
              lastChangeBy: extra?.lastChange?.actor ?? '',
            };
            return FINDER_CSV_COLUMNS.map(([, k]) => cells[k]);
          });
        }
      },
    };
  });
