import type { AppAbility } from '../../abilities/define-ability';
import { on } from '../../abilities/define-ability';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import type { ResourceDef } from '../../resources/define-resource';
import { RESOURCES } from '../../resources/registry';
import { factsFromProperty } from '../../resources/domain';

export type NavItem = { key: string; label: string; path: string; badge?: string };

/** Spec §2's order of the entries that are not defined resources; a definition names the entry it follows (`nav.after`), else it goes just before Users. */
const FIXED = ['home', 'details', 'images', 'contacts', 'reservations', 'user', 'trails', 'admin'];

/** Every entry's position, hidden ones included, so a definition following a hidden entry keeps its place. */
export function navOrder(resources: ResourceDef[]): string[] {
  const order = [...FIXED];
  const pending = resources.filter((d) => d.nav).map((d) => d.nav!);
  // A definition may follow another definition's entry: place until nothing more can be.
  for (let placed = true; placed && pending.length; ) {
    placed = false;
    for (const nav of [...pending]) {
      if (nav.after && !order.includes(nav.after) && pending.some((p) => p.key === nav.after)) continue;
      const at = nav.after && order.includes(nav.after) ? order.indexOf(nav.after) + 1 : order.indexOf('user');
      order.splice(at, 0, nav.key);
      pending.splice(pending.indexOf(nav), 1);
      placed = true;
    }
  }
  return order;
}

/** Spec §2: the property's side navigation, filtered by the same rules the API enforces. */
export function propertyNav(
  property: ManagedProperty,
  ability: AppAbility,
  resources: ResourceDef[] = RESOURCES,
): NavItem[] {
  const facts = factsFromProperty(property);
  const base = `/properties/${property.id}`;
  // A defined resource brings its own entry, shown to whoever may open its pages (custom inclusions: staff with the flag on).
  const defined = resources
    .filter((def) => def.nav && def.routes && ability.can(def.nav.action ?? 'read', on(def.subject, facts)))
    .map((def): NavItem => ({ key: def.nav!.key, label: def.nav!.label, path: `${base}/${def.routes!.list}` }));
  const items: (NavItem | false)[] = [
    { key: 'home', label: 'Home', path: base },
    { key: 'details', label: 'Property', path: `${base}/details/overview` },
    ...defined,
    { key: 'images', label: 'Media library', path: `${base}/images/property` },
    { key: 'contacts', label: 'Key contacts', path: `${base}/contacts/primary` },
    { key: 'reservations', label: 'Reservations', path: `${base}/reservations` },
    ability.can('view', on('Users', facts)) && { key: 'user', label: 'Users', path: `${base}/user`, badge: 'new' },
    ability.can('access', 'Trails') && { key: 'trails', label: 'Trails', path: `${base}/trails` },
    ability.can('access', 'Admin') && { key: 'admin', label: 'Admin', path: `${base}/admin` },
  ];
  const order = navOrder(resources);
  return items.filter((i): i is NavItem => Boolean(i)).sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}
