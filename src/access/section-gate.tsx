import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { Navigate } from '../lib/navigate';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { propertyNav } from '../layouts/property-nav';
import { useAbility } from './ability';

/**
 * A property section opens only for those whose navigation lists it: the nav's rule (role, flag,
 * provider) is the route's rule, so the two cannot disagree. Anyone else goes to the property home
 * (spec §2). The API refuses the same callers on its own.
 */
export function SectionGate({ navKey, children }: { navKey: string; children: ReactNode }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const listed = propertyNav(property, ability).some((item) => item.key === navKey);
  return listed ? children : <Navigate to={`/properties/${property.id}`} replace />;
}
