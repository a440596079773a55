import { Navigate, useOutletContext } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import type { PortalIdentity } from '../../../providers/auth-provider';
import type { PropertyOutletContext } from '../../layouts/property-layout';
import { useAbility } from '../../access/ability';
import { on } from '../../../abilities/define-ability';
import { SectionPage } from './section.page';

/** Spec §2: the custom inclusions page is for staff with the flag on; anyone else goes to the property home. */
export function InclusionsRoute() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const { data: user } = useGetIdentity<PortalIdentity>();
  const ability = useAbility();
  const facts = { propertyId: property.id, propertyGroupId: property.propertyGroupId };
  if (!user?.flags['supplier-extranet-custom-inclusions'] || ability.cannot('manage', on('CustomInclusion', facts))) {
    return <Navigate to={`/properties/${property.id}`} replace />;
  }
  return <SectionPage title="Custom inclusions" />;
}
