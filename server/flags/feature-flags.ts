import type { Queryable } from '../db/client';
import type { Viewer } from '../context';
import { FEATURE_FLAGS, type FeatureFlagKey } from '../ops/domain';
import { COOKIES, type RequestCookies } from '../auth/cookies';

export type FlagValues = Record<FeatureFlagKey, boolean>;

/** The flags as one user sees them: stored value, then the user's override, then every flag on with /vip. */
export async function featureFlagsFor(db: Queryable, viewer: Pick<Viewer, 'id' | 'flagRows'> | null, cookies?: RequestCookies): Promise<FlagValues> {
  const values = { ...FEATURE_FLAGS } as FlagValues;
  const rows = viewer?.flagRows ?? await db.query<{ key: string; enabled: boolean }>(
    `select f.key, coalesce(o.enabled, f.enabled) as enabled
     from feature_flags f left join feature_flag_overrides o on o.key = f.key and o.user_id = $1`,
    [viewer?.id ?? null],
  );
  for (const row of rows) if (row.key in values) values[row.key as FeatureFlagKey] = row.enabled;
  if (cookies?.get(COOKIES.vip) === 'true') for (const key of Object.keys(values)) values[key as FeatureFlagKey] = true;
  return values;
}
