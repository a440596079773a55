import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { FEATURE_FLAGS, type FeatureFlagKey } from '../../resources/domain';
import { FLAG_AUDIENCE, FLAG_DESCRIPTIONS } from '../../resources/feature-flags';

/** A flag's key as the portal sends it: one of FEATURE_FLAGS, else a clear refusal. */
export function flagKey(key: unknown): FeatureFlagKey {
  if (typeof key !== 'string' || !(key in FEATURE_FLAGS))
    throw userError(`Unknown feature flag: ${String(key).slice(0, 100)}`, 'BAD_USER_INPUT');
  return key as FeatureFlagKey;
}

type FlagRow = { key: string; enabled: boolean; description: string; updated_at: Date };

/**
 * The flags as staff manage them: what each changes, whom it reaches (its audience without a
 * setting of their own, across the properties not archived) and its last ten changes with who,
 * when and why. One statement for the reach of all flags, one for the history.
 */
export async function flagSettings(db: Queryable, only?: FeatureFlagKey) {
  const flags = await db.query<FlagRow>(
    `select key, enabled, description, updated_at from feature_flags where ($1::text is null or key = $1) order by key`,
    [only ?? null],
  );
  const [counts] = await db.query<{ users: number; staff: number; properties: number }>(
    `select (select count(*)::int from users where not is_staff) as users,
            (select count(*)::int from users where is_staff) as staff,
            (select count(*)::int from properties where status <> 'ARCHIVED') as properties`,
  );
  const ownAtProperties = await db.query<{ key: string; n: number }>(
    `select o.key, count(*)::int as n from properties p, jsonb_object_keys(p.flag_overrides) as o(key)
      where p.status <> 'ARCHIVED' group by o.key`,
  );
  const overrides = await db.query<{ key: string; n: number; staff: number }>(
    `select o.key, count(*)::int as n, count(*) filter (where u.is_staff)::int as staff
       from feature_flag_overrides o join users u on u.id = o.user_id group by o.key`,
  );
  const history = await db.query<{
    key: string;
    at: Date;
    actor: string | null;
    action: string;
    before: any;
    after: any;
  }>(
    `select * from (
       select a.subject_id as key, a.at, u.email as actor, a.action, a.before, a.after,
              row_number() over (partition by a.subject_id order by a.id desc) as n
         from audit_log a left join users u on u.id = a.actor_user_id
        where a.subject_type = 'FeatureFlag' and a.subject_id is not null and ($1::text is null or a.subject_id = $1)) h
      where n <= 10 order by key, at desc`,
    [only ?? null],
  );
  return flags.map((f) => {
    const audience = FLAG_AUDIENCE[f.key as FeatureFlagKey] ?? 'everyone';
    const own = overrides.find((o) => o.key === f.key);
    const overridden = audience === 'staff' ? (own?.staff ?? 0) : (own?.n ?? 0) - (own?.staff ?? 0);
    const everyone = audience === 'staff' ? counts.staff : counts.users;
    return {
      key: f.key,
      enabled: f.enabled,
      description: FLAG_DESCRIPTIONS[f.key as FeatureFlagKey] ?? f.description,
      updatedAt: new Date(f.updated_at).toISOString(),
      audience,
      reach: {
        users: Math.max(0, everyone - overridden),
        overrides: overridden,
        properties: counts.properties,
        propertiesOwn: ownAtProperties.find((o) => o.key === f.key)?.n ?? 0,
      },
      history: history
        .filter((h) => h.key === f.key)
        .map((h) => ({
          at: new Date(h.at).toISOString(),
          actor: h.actor,
          forUser: h.action === 'feature_flag.override' ? (h.after?.email ?? null) : null,
          forProperty: h.action === 'feature_flag.property' ? (h.after?.property ?? null) : null,
          enabled: h.after?.enabled ?? null,
          was: h.before?.enabled ?? null,
          reason: h.after?.reason ?? null,
        })),
    };
  });
}

/** A user's flags: each one's value for them and whether it is their own setting. */
export async function userFlags(db: Queryable, userId: number) {
  const rows = await db.query<{ key: string; enabled: boolean; own: boolean | null }>(
    `select f.key, coalesce(o.enabled, f.enabled) as enabled, o.enabled as own
       from feature_flags f left join feature_flag_overrides o on o.key = f.key and o.user_id = $1 order by f.key`,
    [userId],
  );
  return rows
    .filter((r) => r.key in FEATURE_FLAGS)
    .map((r) => ({
      key: r.key,
      description: FLAG_DESCRIPTIONS[r.key as FeatureFlagKey],
      enabled: r.enabled,
      override: r.own,
    }));
}
