import {
  GROUP_ROLES,
  PROPERTY_ROLES,
  ROLE_LEVEL,
  STAFF_ROLE,
  isGroupRole,
  type MembershipRole,
  type RoleLevel,
} from '../domain';

/**
 * Who may grant what to whom (issue 28), in one module the API enforces and the portal uses to
 * offer only what the API will take. A scope is one property or one group.
 */

/** How a role reads in the portal. */
export const ROLE_LABELS: Record<MembershipRole | typeof STAFF_ROLE, string> = {
  property_admin: 'Property admin',
  property_editor: 'Property editor',
  property_viewer: 'Property viewer',
  supplier: 'Supplier',
  property_group_admin: 'Group admin',
  property_group_editor: 'Group editor',
  property_group_viewer: 'Group viewer',
  staff: 'Staff',
};

/** A user's standing in a scope: waiting on the invitation, signing in, turned off here, or locked out by failed sign-ins. */
export const USER_STATUS_LABELS = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
  locked: 'Locked',
} as const;
export type UserStatus = keyof typeof USER_STATUS_LABELS;
export const USER_STATUSES = Object.keys(USER_STATUS_LABELS) as UserStatus[];

/** Spec §3 user sort and direction. */
export const USER_SORTS = ['created_at', 'id', 'name', 'role', 'status'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const DIRECTIONS = ['asc', 'desc'] as const;

/** An invitation link works for a week, once. */
export const INVITATION_VALID_DAYS = 7;
/** Invitation emails (first sends and resends) an hour: per person inviting, and per address invited. */
export const INVITES_PER_HOUR = { inviter: 30, address: 3 } as const;

export type UserScope =
  | { kind: 'property'; propertyId: number; propertyGroupId: number | null }
  | { kind: 'group'; propertyGroupId: number };

export const USER_MESSAGES = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `Invitation sent again to ${email}.`,
  revoked: (email: string) => `Invitation to ${email} withdrawn.`,
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  disabled: (name: string) => `${name} can no longer sign in here.`,
  enabled: (name: string) => `${name} has access again.`,
  removed: (name: string) => `${name} no longer has access.`,
  mailFailed: "The invitation is saved, but the email couldn't be sent. Use Resend to try again.",
  tooMany: "You've sent too many invitations in the last hour. Try again later.",
  self: "You can't change your own access. Ask another admin.",
  lastAdmin: 'Every property and group needs an active admin: make someone else admin first.',
  staffRole: 'The staff role is granted by an operator (npm run cli -- create-staff), not on a property or group.',
  groupRoleOnProperty: "A group role is granted on the group's Users page.",
  propertyRoleOnGroup: "A property role is granted on that property's Users page.",
  aboveOwn: "You can't grant a role above your own.",
  alreadyMember: (email: string) => `${email} already has access here.`,
  disabledMember: (email: string) => `${email}'s access here is disabled: enable it from the list instead.`,
  membershipDisabled: 'Your access here was turned off by an admin. Ask them to turn it back on.',
  alreadyInvited: (email: string) => `${email} has already been invited: resend the invitation instead.`,
  notOpen: 'This invitation was already accepted or withdrawn.',
  linkInvalid: 'This invitation link is not valid. Ask for a new invitation.',
  linkExpired: 'This invitation has expired. Ask whoever invited you to send it again.',
  linkUsed: 'This invitation has already been used. Sign in to continue.',
  inviterGone:
    'This invitation is no longer valid: whoever sent it can no longer grant this access. Ask for a new invitation.',
  accepted: 'Your access is ready. Sign in to continue.',
} as const;

const LEVELS: RoleLevel[] = ['viewer', 'editor', 'admin'];
const rank = (role: MembershipRole) => LEVELS.indexOf(ROLE_LEVEL[role]);

export type Granter = {
  isStaff: boolean;
  memberships: { role: MembershipRole; propertyId?: number | null; propertyGroupId?: number | null }[];
};

/** The highest level the granter holds over the scope (a group role reaches the group's properties), or -1. */
function levelOver(granter: Granter, scope: UserScope): number {
  const held = granter.memberships.filter((m) =>
    scope.kind === 'group'
      ? m.propertyGroupId === scope.propertyGroupId
      : m.propertyId === scope.propertyId || (m.propertyGroupId != null && m.propertyGroupId === scope.propertyGroupId),
  );
  return Math.max(-1, ...held.map((m) => rank(m.role)));
}

/**
 * Why the granter may not give this role in this scope, or null. Staff grant any property or group
 * role; an admin grants roles of the scope's kind up to their own level; nobody grants staff here.
 */
export function grantRefusal(granter: Granter, scope: UserScope, role: string): string | null {
  if (role === STAFF_ROLE) return USER_MESSAGES.staffRole;
  if (scope.kind === 'property' && isGroupRole(role)) return USER_MESSAGES.groupRoleOnProperty;
  if (scope.kind === 'group' && !isGroupRole(role)) return USER_MESSAGES.propertyRoleOnGroup;
  if (granter.isStaff) return null;
  return rank(role as MembershipRole) <= levelOver(granter, scope) ? null : USER_MESSAGES.aboveOwn;
}

/** The roles a granter may give in a scope, in the order they are offered. */
export function grantableRoles(granter: Granter, scope: UserScope): MembershipRole[] {
  const roles: readonly MembershipRole[] = scope.kind === 'group' ? GROUP_ROLES : PROPERTY_ROLES;
  return roles.filter((role) => grantRefusal(granter, scope, role) === null);
}

/** The admin role of a scope: the last active one may not be removed, disabled or demoted. */
export const adminRoleOf = (scope: UserScope): MembershipRole =>
  scope.kind === 'group' ? 'property_group_admin' : 'property_admin';
