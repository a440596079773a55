import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { requireSupportStaff } from '../users/user-support';
import { passwordLockedSql } from '../auth/login-throttle';
import { loadProperties, publishableOf, ratesLoadedFor } from './property-repo';
import { PUBLISHABLE_SECTIONS, RATES_PROVIDER } from '../../resources/domain';
import { REFUSAL_HOURS, WORKLIST_DAYS, WORKLIST_KEYS, type WorklistKey } from '../../resources/properties/worklist';

const TODAY = `(now() at time zone 'utc')::date`;
/** A user (`u`) who is not staff and cannot get in: locked out of password sign-in, or email never confirmed. */
const STUCK_SUPPLIER = `not u.is_staff and (not u.email_verified or ${passwordLockedSql('u.email')})`;

/**
 * The conditions that are facts of other tables, as "the properties it holds for" (a select of
 * property ids) and "how many things" (one count). Each reads a partial index (migration 0050) or a
 * primary key; the window is the next WORKLIST_DAYS days from UTC's today.
 */
const FACTS: Record<Exclude<WorklistKey, 'ready' | 'incomplete'>, { ids: string; count?: string }> = {
  noRates: {
    ids: `select p.id from properties p
           where p.status = 'PUBLISHED' and p.rates_service_enabled and p.inventory_provider = '${RATES_PROVIDER}'
             and not exists (select 1 from rate_plan_days d where d.property_id = p.id
                              and d.day > ${TODAY} and d.day <= ${TODAY} + ${WORKLIST_DAYS} and d.rate is not null)`,
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
           where ${STUCK_SUPPLIER}`,
    count: `select count(*)::int from users u where ${STUCK_SUPPLIER}`,
  },
};

/**
 * The properties in onboarding or unpublished that are ready: every publishable section complete, by
 * the home page's own rule (publishableOf). Only those with a room type and all three contacts can
 * be, so only those are read whole, with their rates read together in one statement.
 */
async function readyIds(db: Queryable): Promise<number[]> {
  const candidates = await loadProperties(
    db,
    `p.status in ('ONBOARDING', 'UNPUBLISHED') and exists (select 1 from room_types r where r.property_id = p.id)
       and (select count(distinct c.contact_type) from contacts c where c.property_id = p.id) = 3`,
    [],
    10_000,
    0,
  );
  const loaded = await ratesLoadedFor(
    db,
    candidates.map((c) => c.id),
  );
  return candidates
    .filter((row) => {
      const flags = publishableOf({ ...row, rates_loaded: loaded.get(row.id) === true });
      return PUBLISHABLE_SECTIONS.every((s) => flags[s.key]);
    })
    .map((row) => row.id);
}

/** Onboarding with sections missing: onboarding and not ready (`ready` bound by the caller). */
const incompleteSql = (ready: string) => `p.status = 'ONBOARDING' and not (p.id = any(${ready}::int[]))`;

/** The SQL condition on `p` for the finder's `attention` filter; values are bound through `bind`. */
export async function attentionWhere(
  db: Queryable,
  key: WorklistKey,
  bind: (value: unknown) => string,
): Promise<string> {
  if (key === 'ready') return `p.id = any(${bind(await readyIds(db))}::int[])`;
  if (key === 'incomplete') return incompleteSql(bind(await readyIds(db)));
  return `p.id in (${FACTS[key].ids})`;
}

/** Query.staffWorklist: each condition's count of things and of properties, staff only. */
export async function staffWorklist(ctx: AppContext) {
  await requireSupportStaff(ctx);
  const db = ctx.db;
  const ready = await readyIds(db);
  const [incomplete] = await db.query<{ n: number }>(
    `select count(*)::int as n from properties p where ${incompleteSql('$1')}`,
    [ready],
  );
  const facts = await Promise.all(
    (Object.keys(FACTS) as (keyof typeof FACTS)[]).map(async (key) => {
      const { ids, count } = FACTS[key];
      const [row] = await db.query<{ properties: number; count: number | null }>(
        `select (select count(*)::int from properties p where p.id in (${ids})) as properties,
                ${count ? `(${count})` : 'null::int'} as count`,
      );
      // A condition of properties themselves counts properties.
      return { key, properties: row.properties, count: row.count ?? row.properties };
    }),
  );
  const rows = [
    { key: 'ready' as const, properties: ready.length, count: ready.length },
    { key: 'incomplete' as const, properties: incomplete.n, count: incomplete.n },
    ...facts,
  ];
  return WORKLIST_KEYS.map((k) => rows.find((r) => r.key === k)!);
}

/** The most stuck suppliers the worklist's list shows; the count says how many there are. */
export const STUCK_LIST_MAX = 50;

/**
 * Query.stuckSuppliers: the users behind the "locked out or unverified" count, each to open on their
 * support page (issue 30: the support tools are reached from the worklist), most recently made first.
 */
export async function stuckSuppliers(ctx: AppContext) {
  await requireSupportStaff(ctx);
  const rows = await ctx.db.query<{ id: number; email: string; name: string; verified: boolean; locked: boolean }>(
    `select u.id, u.email, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name,
            u.email_verified as verified, ${passwordLockedSql('u.email')} as locked
       from users u where ${STUCK_SUPPLIER} order by u.id desc limit ${STUCK_LIST_MAX}`,
  );
  return rows;
}
