import type { AppAbility } from '../../abilities/define-ability';
import { on } from '../../abilities/define-ability';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import type { ResourceDef } from '../../resources/define-resource';
import { RESOURCES } from '../../resources/registry';
import { factsOf } from '../resources/use-resource-access';

export type NavItem = { key: string; label: string; path: string; badge?: string };

/** Spec §2's order. A resource whose nav key is not listed goes just before Users. */
const ORDER = ['home', 'details', 'room-types', 'inclusions', 'rate-plans', 'promotions', 'images', 'contacts', 'reservations', 'user', 'trails', 'admin'];
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.indexOf('user') - 0.5);

/** Spec §2: the property's side navigation, filtered by the same rules the API enforces. */
export function propertyNav(property: ManagedProperty, ability: AppAbility, resources: ResourceDef[] = RESOURCES): NavItem[] {
  const facts = factsOf(property);
  const base = `/properties/${property.id}`;
  // A defined resource brings its own entry, shown to whoever may open its pages (custom inclusions: staff with the flag on).
  const defined = resources
    .filter((def) => def.nav && def.routes && ability.can(def.nav.action ?? 'read', on(def.subject, facts)))
    .map((def): NavItem => ({ key: def.nav!.key, label: def.nav!.label, path: `${base}/${def.routes!.list}` }));
  const items: (NavItem | false)[] = [
    { key: 'home', label: 'Home', path: base },
    { key: 'details', label: 'Property', path: `${base}/details/overview` },
    ...defined,
    { key: 'promotions', label: 'Promotions', path: `${base}/promotions` },
    { key: 'images', label: 'Media library', path: `${base}/images/property` },
    { key: 'contacts', label: 'Key contacts', path: `${base}/contacts/primary` },
    { key: 'reservations', label: 'Reservations', path: `${base}/reservations` },
    ability.can('view', on('Users', facts)) && { key: 'user', label: 'Users', path: `${base}/user`, badge: 'new' },
    ability.can('access', 'Trails') && { key: 'trails', label: 'Trails', path: `${base}/trails` },
    ability.can('access', 'Admin') && { key: 'admin', label: 'Admin', path: `${base}/admin` },
  ];
  return items.filter((i): i is NavItem => Boolean(i)).sort((a, b) => rank(a.key) - rank(b.key));
}
