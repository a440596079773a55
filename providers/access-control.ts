import type { AccessControlProvider } from '@refinedev/core';
import { on, type Action, type Subject } from '../abilities/define-ability';
import { getCurrentAbility } from '../abilities/current-ability';

/**
 * Refine asks per menu item and table row: we answer from the in-memory ability, synchronously,
 * with no request. Pass the property's facts in params.property for property-scoped checks.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const subjectType = (params?.subject ?? resource) as Exclude<Subject, 'all'>;
    const facts = params?.property as object | undefined;
    return { can: getCurrentAbility().can(action as Action, facts ? on(subjectType, facts) : subjectType) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
