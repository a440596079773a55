import { on, type Action } from '../../abilities/define-ability';
import type { ResourceDef } from '../../resources/define-resource';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import { useAbility } from '../access/ability';

/** The attributes of a property the ability rules read. */
export const factsOf = (p: ManagedProperty) => ({ propertyId: p.id, propertyGroupId: p.propertyGroupId, inventoryProvider: p.inventoryProvider, ratesServiceEnabled: p.ratesServiceEnabled });

/** What the caller may do with a resource on this property. The API enforces the same rules; this only decides what is shown. */
export function useResourceAccess(def: ResourceDef, property: ManagedProperty) {
  const ability = useAbility();
  const subject = on(def.subject, factsOf(property));
  const can = (action: Action) => ability.can(action, subject);
  return { open: can(def.nav?.action ?? 'read'), create: can('create'), update: can('update'), delete: can('delete') };
}
