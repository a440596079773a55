import { useLocation } from 'react-router';
import { flagEvents } from '../lib/flag-events';
import { routePattern } from '../../resources/flag-events';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AbilityProvider as CaslAbilityProvider,
  Can as CaslCan,
  useAbility as useCaslAbility,
  type CanProps,
} from '@casl/react';
import { keys, useGetIdentity } from '@refinedev/core';
import { defineAbilityFor, type AppAbility, type Membership } from '../../abilities/define-ability';
import type { PortalIdentity } from '../../providers/auth-provider';
import { setCurrentAbility } from '../../abilities/current-ability';
import { analyticsGroup } from '../../abilities/analytics-group';
import { setTrackingUserGroup } from '../lib/tracking';

/**
 * The signed-in user's ability, from the same rules the API enforces, through @casl/react: nav,
 * actions and routes are gated with <Can> and useAbility, and re-render when the identity changes
 * (a role, a feature flag; the identity is read again on focus and every minute) without a reload.
 */
export const Can = CaslCan as (props: CanProps<AppAbility>) => ReactNode;
export const useAbility = () => useCaslAbility<AppAbility>();
/** For tests and embedding: provide a given ability without an identity. */
export const AbilityContextProvider = CaslAbilityProvider<AppAbility>;

/** How often the identity (roles, flags) is read again while the portal is open; also on focus. */
const IDENTITY_REFRESH_MS = 60_000;
/**
 * How long a signed-in identity counts as fresh: the dozen components that read it no longer read it
 * again each as it mounts (a page load asked three times, one of them on the way to the page).
 * Signing in or out and changing one's own details invalidate it, which reads it again at once;
 * "no one is signed in" is never fresh.
 */
const IDENTITY_FRESH_MS = 30_000;
/** Where Refine's useGetIdentity keeps the identity in the query cache. */
export const IDENTITY_KEY = keys().auth().action('identity').get();

export function AbilityProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  // Before the first read of the identity below, once per query client (Refine's, one per portal mount).
  useState(() =>
    client.setQueryDefaults(IDENTITY_KEY, { staleTime: (query) => (query.state.data ? IDENTITY_FRESH_MS : 0) }),
  );
  const { data: user } = useGetIdentity<PortalIdentity>({
    queryOptions: { refetchOnWindowFocus: 'always', refetchInterval: IDENTITY_REFRESH_MS },
  } as never);
  // A new ability when the identity changes: the context's new value re-renders every <Can> and
  // useAbility below it in the same render, so no gate ever decides with the rules of before.
  const ability = useMemo(
    () =>
      user
        ? defineAbilityFor(
            { isStaff: user.isStaff, memberships: user.memberships as Membership[] },
            { flags: user.flags },
          )
        : defineAbilityFor(null),
    [user],
  );
  setCurrentAbility(ability);
  setTrackingUserGroup(user ? analyticsGroup([user.role]) : null);
  return (
    <CaslAbilityProvider value={ability}>
      {user && <FlagEventRecorder flags={user.flags} role={user.role} />}
      {children}
    </CaslAbilityProvider>
  );
}

/**
 * The flags each route's gates decide with (spec §9 flag events), recorded once per route: a leaf of
 * its own, so a navigation re-renders it and not the provider above the whole portal.
 */
function FlagEventRecorder({ flags, role }: { flags: Record<string, boolean>; role: string }) {
  const route = routePattern(useLocation().pathname);
  useEffect(() => {
    for (const [flag, value] of Object.entries(flags)) flagEvents().record({ flag, value, role, route });
  }, [flags, role, route]);
  return null;
}
