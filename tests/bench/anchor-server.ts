import http from 'node:http';
import { openDb } from '../../server/db/client';
import { loadProperties, loadProperty, publishableOf, ratesLoadedFor } from '../../server/properties/property-repo';
import { listRows } from '../../server/resources/resource-store';
import { RESOURCE_EXTENSIONS } from '../../server/resources/extensions';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { loadRoomType } from '../../server/rates/rates-access';
import { readCalendar } from '../../server/rates/rates-calendar';
import { propertyDays } from '../../server/properties/property-day';
import { ratesWindow } from '../../resources/rates-inventory/rates-inventory.schema';
import type { PropertyFacts } from '../../resources/domain';
import { parseQuery, readReservationPage } from '../../server/reservations/list-reservations';
import { promotionResource } from '../../resources/promotions/promotion.resource';
import { previewFor, type PreviewInput } from '../../server/promotions/promotion-preview';

/**
 * The bench's anchor: a bare node:http handler running the same SQL our resolvers run for the
 * benched queries and answering with the same JSON shape — no GraphQL, no session, no abilities.
 * What our server reaches as a share of this is the cost of everything else.
 */
const db = await openDb({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
});
const ratePlans = { def: ratePlanResource, ext: RESOURCE_EXTENSIONS['rate-plans'] };
const promotions = { def: promotionResource, ext: RESOURCE_EXTENSIONS.promotions };

const handlers: Record<string, (v: Record<string, number>) => Promise<unknown>> = {
  async ManageProperty({ id }) {
    const p = (await loadProperty(db, id))!;
    return { viewer: { property: { ...p, publishable: publishableOf(p) } } };
  },
  async PropertyGroupPage({ propertyGroupId, limit, offset }) {
    const [g] = await db.query<{ id: number; name: string; total: number }>(
      'select g.id, g.name, (select count(*)::int from properties p where p.property_group_id = g.id) as total from property_groups g where g.id = $1',
      [propertyGroupId],
    );
    const nodes = await loadProperties(db, 'p.property_group_id = $1', [propertyGroupId], limit, offset);
    const loaded = await ratesLoadedFor(
      db,
      nodes.map((p) => p.id),
    );
    return {
      viewer: {
        propertyGroup: {
          ...g,
          properties: {
            nodes: nodes.map((p) => ({
              ...p,
              publishable: publishableOf({ ...p, rates_loaded: loaded.get(p.id) === true }),
            })),
            pagination: { count: nodes.length, totalCount: g.total, limit, offset },
          },
        },
      },
    };
  },
  async RatesCalendar({ propertyId, roomTypeId }) {
    const scope = await loadRoomType(db, { propertyId } as PropertyFacts, String(roomTypeId));
    const window = ratesWindow(scope.today);
    const calendar = await readCalendar(db, scope, window.shownFrom, window.last);
    return {
      ratesCalendar: { ...calendar, firstEditable: window.first, lastEditable: window.last, canEdit: true },
    };
  },
  // The statement listReservations runs (page, totals and currency in one).
  async Reservations(v) {
    const { propertyId, query } = v as unknown as { propertyId: number; query: unknown };
    return { reservations: await readReservationPage(db, propertyId, parseQuery(query)) };
  },
  // The promotions index: the page, its status and its overlaps, as listResource reads them.
  async Promotions({ input, limit, offset }) {
    const { propertyId, sort, filter } = input as unknown as { propertyId: number; sort?: string; filter?: object };
    const today = (await propertyDays(db, [propertyId])).get(propertyId)!;
    const { rows, totalCount } = await listRows(db, promotions.def, promotions.ext, {
      propertyId,
      filter: (filter ?? {}) as Record<string, unknown>,
      sort: sort ?? promotions.def.defaultSort,
      limit,
      offset,
      visibleWhen: null,
      today,
    });
    await promotions.ext.afterLoad!(db, rows);
    for (const row of rows) row.status = promotions.ext.computed!.status.value(row, today);
    return { promotions: { nodes: rows, totalCount } };
  },
  async PromotionPreview({ input }) {
    const v = input as unknown as PreviewInput;
    const scope = await loadRoomType(db, { propertyId: v.propertyId } as PropertyFacts, v.roomTypeId);
    return { promotionPreview: await previewFor(db, scope, v) };
  },
  async RatePlans({ input, limit, offset }) {
    const { propertyId, sort } = input as unknown as { propertyId: number; sort: string };
    const { rows, totalCount } = await listRows(db, ratePlans.def, ratePlans.ext, {
      propertyId,
      filter: {},
      sort,
      limit,
      offset,
      visibleWhen: null,
      today: (await propertyDays(db, [propertyId])).get(propertyId)!,
    });
    await ratePlans.ext.afterLoad!(db, rows);
    return { ratePlans: { nodes: rows, totalCount } };
  },
};

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    try {
      const { operationName, variables } = JSON.parse(body);
      const data = await handlers[operationName](variables);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
});
server.listen(Number(process.env.PORT ?? 3900), '127.0.0.1', () => console.log('anchor ready'));
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => server.close(() => db.close().then(() => process.exit(0))));
