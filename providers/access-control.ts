import type { AccessControlProvider } from '@refinedev/core';
import { on, type Action, type Subject } from '../abilities/define-ability';
import { getCurrentAbility } from '../abilities/current-ability';
import { factsFromProperty } from '../resources/domain';
import { resourceNamed } from '../resources/registry';

/** Refine's action names as the ability rules name them. */
const ACTIONS: Record<string, Action> = {
  list: 'read',
  show: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

/**
 * Refine's buttons and guards ask here; the answer comes from the same CASL ability the portal and
 * the API use, synchronously, with no request. A Refine resource is checked as its definition's
 * subject; pass the property (as the API returns it) in params.property for property-scoped checks.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const subject =
      (resource ? resourceNamed(resource)?.subject : undefined) ??
      (params?.subject as Exclude<Subject, 'all'> | undefined);
    const caslAction = ACTIONS[action] ?? (action as Action);
    if (!subject) return { can: false, reason: `Unknown resource '${resource ?? ''}'` };
    const property = params?.property as object | undefined;
    return { can: getCurrentAbility().can(caslAction, property ? on(subject, factsFromProperty(property)) : subject) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
