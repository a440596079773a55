import { openDb } from '../../server/db/client';
import { resourceDocuments } from '../../resources/resource.documents';
import { promotionResource } from '../../resources/promotions/promotion.resource';
import { PROMOTION_DOCS } from '../../resources/promotions/promotion.documents';
import type { Running } from './processes';
import { percentiles, type Samples } from './reservations-bench';

/**
 * Issue 26's rows: the promotions index of a property holding 500 promotions (sorts, status
 * filters and pages, one read at a time), and the price preview of a 30-night stay that 10 of them
 * cover, on every rate plan that sells the room type.
 */
export const BENCH_PROMOTIONS = 500;
export const PREVIEW_NIGHTS = 30;
/** Promotions whose stay dates cover the previewed stay; the others' stays are years away. */
export const COVERING = 10;
const ROUNDS = 20;
export type PromotionsBench = {
  index: Samples;
  preview: Samples;
  /** The same reads on the bare handler (tests/bench/anchor-server.ts). */
  anchor: { index: Samples; preview: Samples };
  promotions: number;
  variants: number;
  plans: number;
};

const docs = resourceDocuments(promotionResource);
const INDEX_VARIANTS: { input: Record<string, unknown>; offset: number; atLeast: number }[] = [
  { input: {}, offset: 0, atLeast: BENCH_PROMOTIONS },
  { input: { sort: 'NAME_ASC' }, offset: 200, atLeast: BENCH_PROMOTIONS },
  { input: { sort: 'SALE_END_DESC' }, offset: 480, atLeast: BENCH_PROMOTIONS },
  { input: { filter: { status: ['ACTIVE'] } }, offset: 0, atLeast: 50 },
  { input: { filter: { status: ['ENDING_SOON', 'UPCOMING'] } }, offset: 10, atLeast: 50 },
  { input: { filter: { status: ['EXPIRED'] }, sort: 'NAME_DESC' }, offset: 0, atLeast: 50 },
  { input: { filter: { type: ['EARLY_BOOKER'] } }, offset: 0, atLeast: 50 },
  { input: { filter: { name: 'deal 4' } }, offset: 0, atLeast: 10 },
];

/** With the server stopped: property 1's promotions made up to 500 over every type and status, and rates on the previewed nights. */
async function preparePromotions(env: Record<string, string>) {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    const [{ room }] = await db.query<{ room: string }>(
      `select l.ref_id::text as room from rate_plan_room_types l join rate_plans p on p.id = l.owner_id
        where p.property_id = 1 order by l.ref_id limit 1`,
    );
    // The plans that sell the previewed room type: a promotion on any other plan is never judged there,
    // so which ten covered the stay depended on how the ids fell.
    const plans = (
      await db.query<{ id: string }>(
        `select p.id::text from rate_plans p join rate_plan_room_types l on l.owner_id = p.id
          where p.property_id = 1 and l.ref_id = $1::bigint order by p.id`,
        [room],
      )
    ).map((p) => p.id);
    await db.query(
      `insert into promotions (property_id, name, type, discount_percent, days_before_arrival, min_nights, stay_nights, pay_nights,
         sale_start, sale_end, stay_start, stay_end, weekdays, blackout_dates, combinable)
       select 1, 'Bench deal ' || i, (array['BASIC','EARLY_BOOKER','LAST_MINUTE','MIN_STAY','FREE_NIGHT'])[1 + i % 5],
              case when i % 5 = 4 then null else 5 + i % 40 end, case when i % 5 in (1, 2) then 1 + i % 20 end,
              case when i % 5 = 3 then 2 + i % 5 end, case when i % 5 = 4 then 4 end, case when i % 5 = 4 then 3 end,
              current_date + (i % 7) * 30 - 120, current_date + (i % 7) * 30 - 60 + i % 9,
              case when i <= $2 then current_date else current_date + 900 end,
              case when i <= $2 then current_date + 200 else current_date + 1000 end,
              '{}', '[]', i % 3 = 0
         from generate_series(1, $1::int - (select count(*)::int from promotions where property_id = 1)) i`,
      [BENCH_PROMOTIONS, COVERING],
    );
    await db.query(
      `insert into promotion_rate_plans (owner_id, ref_id, position)
       select p.id, ($1::bigint[])[1 + (p.id % array_length($1::bigint[], 1))], 0
         from promotions p where p.property_id = 1 and p.name like 'Bench deal %'`,
      [plans],
    );
    // Rates on the previewed nights for every plan that sells the room type.
    await db.query(
      `insert into rate_plan_days (property_id, room_type_id, rate_plan_id, day, rate)
       select 1, $1::bigint, l.owner_id, current_date + g, 150 + g
         from rate_plan_room_types l join rate_plans p on p.id = l.owner_id, generate_series(30, 30 + $2::int) g
        where l.ref_id = $1::bigint and p.property_id = 1
       on conflict (property_id, room_type_id, rate_plan_id, day) do update set rate = excluded.rate`,
      [room, PREVIEW_NIGHTS],
    );
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from promotions where property_id = 1');
    if (n !== BENCH_PROMOTIONS) throw new Error(`bench: ${n} promotions, not ${BENCH_PROMOTIONS}`);
    await db.query('analyze promotions');
    await db.query('analyze promotion_rate_plans');
    return room;
  } finally {
    await db.close();
  }
}

/** `url`: our /graphql or the anchor, which answers by operation name. */
async function post(url: string, cookie: string, query: string, variables: Record<string, unknown>) {
  const operationName = /^(?:query|mutation) (\w+)/.exec(query)![1];
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': 'bench-promotions' },
    body: JSON.stringify({ operationName, query, variables }),
  });
  const body = await res.json();
  if (!res.ok || body.errors) throw new Error(`promotions bench: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** One read at a time over the mix, after one unmeasured round; every answer is checked. */
async function indexLatency(url: string, cookie: string): Promise<{ samples: Samples; totals: number[] }> {
  const totals: number[] = [];
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++)
    for (const v of INDEX_VARIANTS) {
      const t = performance.now();
      const data = await post(url, cookie, docs.list, {
        input: { propertyId: 1, ...v.input },
        limit: 10,
        offset: v.offset,
      });
      const elapsed = performance.now() - t;
      if (data.promotions.totalCount < v.atLeast || !data.promotions.nodes.length)
        throw new Error(`promotions index ${JSON.stringify(v)}: ${data.promotions.totalCount} found`);
      if (round > 0) times.push(elapsed);
      else totals.push(data.promotions.totalCount);
    }
  return { samples: percentiles(times), totals };
}

async function previewLatency(
  url: string,
  cookie: string,
  roomTypeId: string,
): Promise<{ samples: Samples; plans: number }> {
  const times: number[] = [];
  const arrival = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const bookedOn = new Date().toISOString().slice(0, 10);
  let plans = 0;
  for (let round = 0; round <= ROUNDS * 5; round++) {
    const t = performance.now();
    const data = await post(url, cookie, PROMOTION_DOCS.preview, {
      input: { propertyId: 1, roomTypeId, arrival, nights: PREVIEW_NIGHTS, bookedOn },
    });
    const elapsed = performance.now() - t;
    const preview = data.promotionPreview;
    const judged = new Set(
      preview.plans.flatMap((p: { promotions: { id: string }[] }) => p.promotions.map((x) => x.id)),
    );
    if (!preview.plans.length || preview.plans[0].nights.length !== PREVIEW_NIGHTS || judged.size < COVERING)
      throw new Error(`promotions preview: ${preview.plans.length} plans, ${judged.size} promotions judged`);
    plans = preview.plans.length;
    if (round > 0) times.push(elapsed);
  }
  return { samples: percentiles(times), plans };
}

export async function promotionsBench(
  env: Record<string, string>,
  deps: {
    base: string;
    anchorUrl: string;
    startOurs: () => Promise<Running>;
    startAnchor: () => Promise<Running>;
    signIn: () => Promise<string>;
    log: (s: string) => void;
  },
): Promise<PromotionsBench> {
  await (await deps.startOurs()).stop(); // first start: migrations and demo data
  deps.log(`promotions: ${BENCH_PROMOTIONS} on property 1`);
  const room = await preparePromotions(env);
  const ours = await deps.startOurs();
  let index: Awaited<ReturnType<typeof indexLatency>>;
  let preview: Awaited<ReturnType<typeof previewLatency>>;
  try {
    const admin = await deps.signIn();
    deps.log('promotions: the index, one read at a time');
    index = await indexLatency(`${deps.base}/graphql`, admin);
    deps.log(`promotions: the preview of a ${PREVIEW_NIGHTS}-night stay`);
    preview = await previewLatency(`${deps.base}/graphql`, admin, room);
  } finally {
    await ours.stop();
  }
  const anchor = await deps.startAnchor();
  try {
    deps.log('promotions: the same reads on the anchor');
    const bare = await indexLatency(deps.anchorUrl, '');
    if (bare.totals.join() !== index.totals.join())
      throw new Error(`the anchor's promotion counts ${bare.totals} differ from ours ${index.totals}`);
    const barePreview = await previewLatency(deps.anchorUrl, '', room);
    return {
      index: index.samples,
      preview: preview.samples,
      anchor: { index: bare.samples, preview: barePreview.samples },
      plans: preview.plans,
      promotions: BENCH_PROMOTIONS,
      variants: INDEX_VARIANTS.length,
    };
  } finally {
    await anchor.stop();
  }
}
