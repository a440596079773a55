import { on, type Action } from '../../abilities/define-ability';
import type { ResourceDef } from '../../resources/define-resource';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import { factsFromProperty } from '../../resources/domain';
import { useAbility } from '../access/ability';

/** What the caller may do with a resource on this property. The API enforces the same rules; this only decides what is shown. */
export function useResourceAccess(def: ResourceDef, property: ManagedProperty) {
  const ability = useAbility();
  const subject = on(def.subject, factsFromProperty(property));
  const can = (action: Action) => ability.can(action, subject);
  return {
    /** The subject to hand <Can this={…}>: the resource on this property. */
    subject,
    open: can(def.nav?.action ?? 'read'),
    create: can('create'),
    update: can('update'),
    delete: can('delete'),
  };
}
