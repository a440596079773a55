import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { requireActiveViewer } from '../auth/guards';
import { abilityFor } from '../auth/authorize';
import { loadProperties, publishableFor } from './property-repo';
import { PUBLISHABLE_SECTIONS, RATES_PROVIDER } from '../../resources/domain';
import { REFUSAL_HOURS, WORKLIST_DAYS, WORKLIST_KEYS, type WorklistKey } from '../../resources/properties/worklist';

const TODAY = `(now() at time zone 'utc')::date`;

/**
 * The conditions that are facts of other tables, as "the properties it holds for" (a select of
 * property ids) and "how many things" (one count). Each reads a partial index (migration 0050) or a
 * primary key; the window is the next WORKLIST_DAYS days from UTC's today.
 */
const FACTS: Record<Exclude<WorklistKey, 'ready' | 'incomplete'>, { ids: string; count: string }> = {
  noRates: {
    ids: `select p.id from properties p
           where p.status = 'PUBLISHED' and p.rates_service_enabled and p.inventory_provider = '${RATES_PROVIDER}'
             and not exists (select 1 from rate_plan_days d where d.property_id = p.id
                              and d.day > ${TODAY} and d.day <= ${TODAY} + ${WORKLIST_DAYS} and d.rate is not null)`,
    count: '',
  },
  overbooked: {
    ids: `select distinct property_id from reservations
           where overbooked and state = 'reserved' and check_out > ${TODAY} and check_in < ${TODAY} + ${WORKLIST_DAYS}`,
    count: `select count(*)::int from reservations
           where overbooked and state = 'reserved' and check_out > ${TODAY} and check_in < ${TODAY} + ${WORKLIST_DAYS}`,
  },
  bookingEmails: {
    ids: `select distinct property_id from booking_notifications
           where status = 'failed' or (status = 'pending' and attempts > 0)`,
    count: `select count(*)::int from booking_notifications where status = 'failed' or (status = 'pending' and attempts > 0)`,
  },
  refusals: {
    ids: `select distinct property_id from intake_refusals
           where at > now() - interval '${REFUSAL_HOURS} hours' and property_id is not null`,
    count: `select count(*)::int from intake_refusals where at > now() - interval '${REFUSAL_HOURS} hours'`,
  },
  lockedUsers: {
    ids: `select coalesce(m.property_id, gp.id) from live_memberships m
            join users u on u.id = m.user_id
            left join properties gp on gp.property_group_id = m.property_group_id
           where not u.is_staff and (not u.email_verified
              or exists (select 1 from login_throttle t where t.email = u.email and t.locked_until > now()))`,
    count: `select count(*)::int from users u where not u.is_staff and (not u.email_verified
              or exists (select 1 from login_throttle t where t.email = u.email and t.locked_until > now()))`,
  },
};

/**
 * Properties in onboarding or unpublished, and which of them are ready (every publishable section
 * complete, by the home page's own rule: publishableOf). Only those with a room type and all three
 * contacts can be ready, so only those are read whole; the rest are counted as missing sections.
 */
async function readiness(db: Queryable): Promise<{ ready: number[]; incomplete: number[] }> {
  const candidates = await loadProperties(
    db,
    `p.status in ('ONBOARDING', 'UNPUBLISHED') and exists (select 1 from room_types r where r.property_id = p.id)
       and (select count(distinct c.contact_type) from contacts c where c.property_id = p.id) = 3`,
    [],
    10_000,
    0,
  );
  const ready: number[] = [];
  for (const row of candidates) {
    const flags = await publishableFor(db, row);
    if (PUBLISHABLE_SECTIONS.every((s) => flags[s.key])) ready.push(row.id);
  }
  const incomplete = await db.query<{ id: number }>(
    `select id from properties where status = 'ONBOARDING' and not (id = any($1::int[]))`,
    [ready],
  );
  return { ready, incomplete: incomplete.map((r) => r.id) };
}

async function requireStaff(ctx: AppContext) {
  requireActiveViewer(ctx);
  if ((await abilityFor(ctx)).cannot('manage', 'UserSupport')) throw userError('Not found.', 'NOT_FOUND');
}

/** The SQL condition on `p` for the finder's `attention` filter; ids are bound through `bind`. */
export async function attentionWhere(
  db: Queryable,
  key: WorklistKey,
  bind: (value: unknown) => string,
): Promise<string> {
  if (key === 'ready' || key === 'incomplete') return `p.id = any(${bind((await readiness(db))[key])}::int[])`;
  return `p.id in (${FACTS[key].ids})`;
}

/** Query.staffWorklist: each condition's count of things and of properties, staff only. */
export async function staffWorklist(ctx: AppContext) {
  await requireStaff(ctx);
  const db = ctx.db;
  const ready = await readiness(db);
  const facts = await Promise.all(
    (Object.keys(FACTS) as (keyof typeof FACTS)[]).map(async (key) => {
      const [{ properties, count }] = await db.query<{ properties: number; count: number }>(
        `select (select count(*)::int from properties p where p.id in (${FACTS[key].ids})) as properties,
                ${FACTS[key].count ? `(${FACTS[key].count})` : 'null::int'} as count`,
      );
      return { key, properties, count: count ?? properties };
    }),
  );
  const rows = [
    { key: 'ready' as const, properties: ready.ready.length, count: ready.ready.length },
    { key: 'incomplete' as const, properties: ready.incomplete.length, count: ready.incomplete.length },
    ...facts,
  ];
  return WORKLIST_KEYS.map((k) => rows.find((r) => r.key === k)!);
}
