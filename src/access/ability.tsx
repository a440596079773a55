import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { defineAbilityFor, type AppAbility, type Membership } from '../../abilities/define-ability';
import type { PortalIdentity } from '../../providers/auth-provider';
import { setCurrentAbility } from '../../abilities/current-ability';
import { analyticsGroup } from '../../abilities/analytics-group';
import { setTrackingUserGroup } from '../lib/tracking';

const AbilityContext = createContext<AppAbility>(defineAbilityFor(null));

/** The signed-in user's ability, built once per identity from the same rules the API enforces. */
export function AbilityProvider({ children }: { children: ReactNode }) {
  const { data: user } = useGetIdentity<PortalIdentity>();
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
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}

export const useAbility = () => useContext(AbilityContext);
/** For tests and embedding: provide a given ability without an identity. */
export const AbilityContextProvider = AbilityContext.Provider;
