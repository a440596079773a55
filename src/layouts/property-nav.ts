import type { AppAbility } from '../../abilities/define-ability';
import { on } from '../../abilities/define-ability';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import type { ResourceDef } from '../../resources/define-resource';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { customInclusionResource } from '../../resources/inclusions/custom-inclusion.resource';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';

export type NavItem = { key: string; label: string; path: string; badge?: string };

/** Spec §2: the property's side navigation, filtered by the same rules the API enforces. */
export function propertyNav(property: ManagedProperty, ability: AppAbility, flags: Record<string, boolean>): NavItem[] {
  const facts = { propertyId: property.id, propertyGroupId: property.propertyGroupId, inventoryProvider: property.inventoryProvider, ratesServiceEnabled: property.ratesServiceEnabled };
  const base = `/properties/${property.id}`;
  // A defined resource brings its own entry, shown to whoever may open its pages.
  const fromDefinition = (def: ResourceDef): NavItem | false =>
    Boolean(def.nav && def.routes) && ability.can(def.nav!.action ?? 'read', on(def.subject, facts)) && { key: def.nav!.key, label: def.nav!.label, path: `${base}/${def.routes!.list}` };
  const items: (NavItem | false)[] = [
    { key: 'home', label: 'Home', path: base },
    { key: 'details', label: 'Property', path: `${base}/details/overview` },
    fromDefinition(roomTypeResource),
    flags['supplier-extranet-custom-inclusions'] && fromDefinition(customInclusionResource),
    fromDefinition(ratePlanResource),
    { key: 'promotions', label: 'Promotions', path: `${base}/promotions` },
    { key: 'images', label: 'Media library', path: `${base}/images/property` },
    { key: 'contacts', label: 'Key contacts', path: `${base}/contacts/primary` },
    { key: 'reservations', label: 'Reservations', path: `${base}/reservations` },
    ability.can('view', on('Users', facts)) && { key: 'user', label: 'Users', path: `${base}/user`, badge: 'new' },
    ability.can('access', 'Trails') && { key: 'trails', label: 'Trails', path: `${base}/trails` },
    ability.can('access', 'Admin') && { key: 'admin', label: 'Admin', path: `${base}/admin` },
  ];
  return items.filter((i): i is NavItem => Boolean(i));
}
