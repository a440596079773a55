import type { Queryable } from '../db/client';
import type { Viewer } from '../context';
import { FEATURE_FLAGS, type FeatureFlagKey } from '../../resources/domain';
import { COOKIES, type RequestCookies } from '../auth/cookies';

export type FlagValues = Record<FeatureFlagKey, boolean>;

/**
 * The flags as one user has them: stored value, then the user's override. This is what the server
 * enforces; the /vip cookie never enters here (see portalFlags).
 */
export async function featureFlagsFor(
  db: Queryable,
  viewer: Pick<Viewer, 'id' | 'flagRows'> | null,
): Promise<FlagValues> {
  const values = { ...FEATURE_FLAGS } as FlagValues;
  const rows =
    viewer?.flagRows ??
    (await db.query<{ key: string; enabled: boolean }>(
      `select f.key, coalesce(o.enabled, f.enabled) as enabled
     from feature_flags f left join feature_flag_overrides o on o.key = f.key and o.user_id = $1`,
      [viewer?.id ?? null],
    ));
  for (const row of rows) if (row.key in values) values[row.key as FeatureFlagKey] = row.enabled;
  return values;
}

/**
 * The flags the portal shows: with /vip (spec §2) every one is on, so features appear in the browser.
 * Only the display: anyone can set that cookie, so it never widens what the API allows.
 */
export function portalFlags(flags: FlagValues, cookies: RequestCookies): FlagValues {
  if (cookies.get(COOKIES.vip) !== 'true') return flags;
  return Object.fromEntries(Object.keys(flags).map((key) => [key, true])) as FlagValues;
}

/**
 * Whether the id token is kept from the page (HttpOnly). /vip may turn it on: that only takes
 * something away from the page, so the portal and the cookies agree without widening anything.
 */
export const idTokenHttpOnly = (flags: FlagValues, cookies: RequestCookies) =>
  portalFlags(flags, cookies)['supplier-extranet-new-auth'];
