import type { Queryable } from '../db/client';
import type { Viewer } from '../context';
import { FEATURE_FLAGS, type FeatureFlagKey } from '../ops/domain';
import { COOKIES, type RequestCookies } from '../auth/cookies';

export type FlagValues = Record<FeatureFlagKey, boolean>;

/** The flags as one user sees them: the stored values, or every flag on with the /vip cookie. */
export async function featureFlagsFor(db: Queryable, _viewer: Viewer | null, cookies?: RequestCookies): Promise<FlagValues> {
  const values = { ...FEATURE_FLAGS } as FlagValues;
  const rows = await db.query<{ key: string; enabled: boolean }>('select key, enabled from feature_flags');
  for (const row of rows) if (row.key in values) values[row.key as FeatureFlagKey] = row.enabled;
  if (cookies?.get(COOKIES.vip) === 'true') for (const key of Object.keys(values)) values[key as FeatureFlagKey] = true;
  return values;
}
