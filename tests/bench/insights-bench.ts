import { openDb } from '../../server/db/client';
import { INSIGHTS_DOCS } from '../../resources/insights/insights.documents';
import { OCCUPANCY_DAYS } from '../../resources/insights/insights';
import { financialYear } from '../../resources/timings';
import { dayIn, propertyZone } from '../../resources/property-day';
import {
  occupancy,
  pickup,
  propertiesOccupancy,
  revenueBreakdown,
  todayFigures,
} from '../../server/insights/property-insights';
import { prepareReservations, percentiles, type Samples } from './reservations-bench';
import type { Running } from './processes';

/**
 * Issue 34's rows: each panel of property 1's insights with 10,000 bookings and 18 months of
 * rates, one read at a time through the API, beside the same SQL run bare from the bench (no HTTP,
 * GraphQL, session or ability); and the group dashboard's figures over 50 properties holding
 * 200 bookings each.
 */
const ROUNDS = 30;
export const GROUP_PROPERTIES = 50;
const GROUP_BOOKINGS = 200;
const RATE_DAYS = 548;
const PANELS = ['today', 'occupancy', 'pickup', 'revenue'] as const;
type Panel = (typeof PANELS)[number] | 'group';
export type InsightsBench = {
  bookings: number;
  groupProperties: number;
  panels: Record<Panel, { ours: Samples; sql: Samples }>;
};

/** With the server stopped: 10,000 bookings on property 1, its 18 months of rates, and a group of 50 properties. */
export async function prepareInsights(env: Record<string, string>) {
  await prepareReservations(env);
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    await db.query(
      `insert into room_inventory (property_id, room_type_id, day, rooms_to_sell)
       select 1, rt.id, current_date + g, 20 from room_types rt cross join generate_series(-30, $1::int) g where rt.property_id = 1
       on conflict (property_id, room_type_id, day) do update set rooms_to_sell = excluded.rooms_to_sell`,
      [RATE_DAYS],
    );
    await db.query(
      `insert into rate_plan_days (property_id, room_type_id, rate_plan_id, day, rate, stop_sell)
       select 1, l.ref_id, l.owner_id, current_date + g, 180 + g % 40, g % 11 = 0
         from rate_plan_room_types l join rate_plans rp on rp.id = l.owner_id and rp.property_id = 1
        cross join generate_series(0, $1::int) g
       on conflict do nothing`,
      [RATE_DAYS],
    );
    const [{ id: groupId }] = await db.query<{ id: number }>(
      "select id from property_groups where name = 'Coastal Collection'",
    );
    await db.query(
      `insert into properties (name, suburb, country, status, property_group_id)
       select 'Bench Group Hotel ' || i, 'Sydney', 'Australia', 'PUBLISHED', $1
         from generate_series(1, $2::int - (select count(*)::int from properties where property_group_id = $1)) i`,
      [groupId, GROUP_PROPERTIES],
    );
    await db.query(
      `insert into room_types (property_id, name)
       select p.id, 'Bench Room' from properties p
        where p.property_group_id = $1 and not exists (select 1 from room_types rt where rt.property_id = p.id)`,
      [groupId],
    );
    await db.query(
      `insert into rate_plans (property_id, name)
       select p.id, 'Bench Rate' from properties p
        where p.property_group_id = $1 and not exists (select 1 from rate_plans rp where rp.property_id = p.id)`,
      [groupId],
    );
    await db.query(
      `insert into room_inventory (property_id, room_type_id, day, rooms_to_sell)
       select rt.property_id, rt.id, current_date + g, 10
         from room_types rt join properties p on p.id = rt.property_id and p.property_group_id = $1
        cross join generate_series(-2, $2::int) g
       on conflict do nothing`,
      [groupId, OCCUPANCY_DAYS + 2],
    );
    await db.query(
      `insert into reservations (property_id, hotel_ref, booking_ref, state, guest_name, adults, children, room_type_id,
                                 room_type_name, rate_plan_id, rate_plan_name, check_in, check_out, nights, total, currency,
                                 payment_method, overbooked, booked_at, cancelled_at, version, payload_hash)
       select p.id, r.hotel_ref, r.booking_ref, r.state, r.guest_name, r.adults, r.children,
              (select min(id) from room_types where property_id = p.id), r.room_type_name,
              (select min(id) from rate_plans where property_id = p.id), r.rate_plan_name,
              r.check_in, r.check_out, r.nights, r.total, p.currency_code, r.payment_method, false, r.booked_at,
              r.cancelled_at, 1, r.payload_hash
         from properties p
        cross join lateral (select * from reservations where property_id = 1 and check_out > current_date - 30
                             order by id limit $2) r
        where p.property_group_id = $1 and p.id <> 1
       on conflict do nothing`,
      [groupId, GROUP_BOOKINGS],
    );
    await db.query('analyze reservations');
    await db.query('analyze room_inventory');
    await db.query('analyze rate_plan_days');
    return groupId;
  } finally {
    await db.close();
  }
}

export async function insightsBench(
  env: Record<string, string>,
  deps: {
    base: string;
    startOurs: () => Promise<Running>;
    signIn: (email: string) => Promise<string>;
    log: (s: string) => void;
  },
): Promise<InsightsBench> {
  await (await deps.startOurs()).stop(); // first start: migrations and demo data
  deps.log('insights: 10,000 bookings and 18 months of rates on property 1, a group of 50 properties');
  const groupId = await prepareInsights(env);
  const day = dayIn(propertyZone({ country: 'Australia' }));
  const fy = financialYear(day);
  const variables: Record<Panel, Record<string, unknown>> = {
    today: { propertyId: 1 },
    occupancy: { propertyId: 1 },
    pickup: { propertyId: 1 },
    revenue: { propertyId: 1, ...fy },
    group: { propertyGroupId: groupId },
  };
  const documents: Record<Panel, string> = { ...INSIGHTS_DOCS };
  const ours = await deps.startOurs();
  const times = Object.fromEntries([...PANELS, 'group'].map((p) => [p, [] as number[]])) as Record<Panel, number[]>;
  let bookings = 0;
  try {
    const cookies = {
      property: await deps.signIn('admin@harbourview.example'),
      group: await deps.signIn('group.admin@coastal.example'),
    };
    for (let round = 0; round <= ROUNDS; round++)
      for (const panel of [...PANELS, 'group'] as Panel[]) {
        const t = performance.now();
        const res = await fetch(`${deps.base}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: panel === 'group' ? cookies.group : cookies.property,
          },
          body: JSON.stringify({ query: documents[panel], variables: variables[panel] }),
        });
        const body = await res.json();
        const elapsed = performance.now() - t;
        if (!res.ok || body.errors || !body.data)
          throw new Error(`insights ${panel}: ${JSON.stringify(body).slice(0, 300)}`);
        checkAnswer(panel, body.data);
        if (panel === 'occupancy')
          bookings = Math.max(
            bookings,
            ...body.data.propertyInsights.occupancy.map((r: { sold: number[] }) => r.sold[0]),
          );
        if (round > 0) times[panel].push(elapsed);
      }
  } finally {
    await ours.stop();
  }
  if (!bookings) throw new Error('insights: no room sold tonight on property 1; the seed did not take');
  // The same statements, bare.
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  const bare = Object.fromEntries([...PANELS, 'group'].map((p) => [p, [] as number[]])) as Record<Panel, number[]>;
  try {
    const ids = (
      await db.query<{ id: number }>('select id from properties where property_group_id = $1 order by id', [groupId])
    ).map((r) => r.id);
    if (ids.length !== GROUP_PROPERTIES) throw new Error(`insights: the group has ${ids.length} properties`);
    const since = new Date(Date.now() - 86_400_000);
    const run: Record<Panel, () => Promise<unknown>> = {
      today: () => todayFigures(db, [1], [day], since),
      occupancy: () => occupancy(db, 1, day, OCCUPANCY_DAYS, 'AUD'),
      pickup: () => pickup(db, 1, day, 'Australia/Sydney', new Date(), 'AUD'),
      revenue: () => revenueBreakdown(db, 1, fy.from, fy.to, 'AUD'),
      group: () =>
        Promise.all([
          todayFigures(
            db,
            ids,
            ids.map(() => day),
            since,
          ),
          propertiesOccupancy(
            db,
            ids,
            ids.map(() => day),
            OCCUPANCY_DAYS,
          ),
        ]),
    };
    for (let round = 0; round <= ROUNDS; round++)
      for (const panel of [...PANELS, 'group'] as Panel[]) {
        const t = performance.now();
        await run[panel]();
        if (round > 0) bare[panel].push(performance.now() - t);
      }
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from reservations where property_id = 1');
    const panels = Object.fromEntries(
      [...PANELS, 'group'].map((p) => [
        p,
        { ours: percentiles(times[p as Panel]), sql: percentiles(bare[p as Panel]) },
      ]),
    ) as InsightsBench['panels'];
    return { bookings: n, groupProperties: ids.length, panels };
  } finally {
    await db.close();
  }
}

/** Every answer must hold the figures, not an empty shell: a bench never times a failed or empty read. */
function checkAnswer(panel: Panel, data: any) {
  const ok =
    panel === 'today'
      ? typeof data.propertyInsights.figures.inHouse === 'number'
      : panel === 'occupancy'
        ? data.propertyInsights.occupancy.length > 0 &&
          data.propertyInsights.occupancy[0].sold.length === OCCUPANCY_DAYS
        : panel === 'pickup'
          ? data.propertyInsights.pickup.months.length === 3
          : panel === 'revenue'
            ? data.propertyInsights.revenue.byRatePlan.length > 0
            : data.propertyGroupInsights.properties.length === GROUP_PROPERTIES;
  if (!ok) throw new Error(`insights ${panel}: an empty answer ${JSON.stringify(data).slice(0, 300)}`);
}
