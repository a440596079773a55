import type { Queryable } from '../../../server/db/client';
import { invitationToken, newInvitationSecret } from '../../../server/users/invitation-token';
import { USER_DOCS } from '../../../resources/users/user.documents';
import { unique } from '../../factories';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

/** Spec §6 'view:users' and managing them: staff, and the admins of the property or of its group. */
const userAdmin = (p: Principal, t: Target) =>
  p === 'staff' || (t === 'own' && (p === 'property_admin' || p === 'property_group_admin'));
const groupAdmin = (p: Principal, t: Target) => p === 'staff' || (t === 'own' && p === 'property_group_admin');
const propertyId = (f: Fixture, t: Target) => (t === 'own' ? f.own : f.other);
const row = (f: Fixture, name: string, t: Target) => Number(f.rows[name][t]);

/**
 * A member (an editor) and an open invitation in each property, and an invitation link to each, for
 * the users operations to act on: written straight to the database, like the other fixture rows.
 */
export async function userRows(db: Queryable, own: number, other: number): Promise<Fixture['rows']> {
  const rows: Fixture['rows'] = {
    member: { own: '', other: '' },
    memberUser: { own: '', other: '' },
    staffUser: { own: '', other: '' },
    invitation: { own: '', other: '' },
    token: { own: '', other: '' },
  };
  for (const [t, id] of [
    ['own', own],
    ['other', other],
  ] as const) {
    const [user] = await db.query<{ id: number }>(
      `insert into users (email, first_name) values ($1, 'Member') returning id`,
      [`${unique('member').toLowerCase()}@matrix.example`],
    );
    const [member] = await db.query<{ id: number }>(
      `insert into memberships (user_id, property_id, role) values ($1, $2, 'property_editor') returning id`,
      [user.id, id],
    );
    const { secret, hash } = newInvitationSecret();
    const [invitation] = await db.query<{ id: number }>(
      `insert into invitations (email, property_id, role, token_hash, expires_at)
       values ($1, $2, 'property_viewer', $3, now() + interval '7 days') returning id`,
      [`${unique('invited').toLowerCase()}@matrix.example`, id, hash],
    );
    rows.member[t] = String(member.id);
    rows.memberUser[t] = String(user.id);
    const [staffUser] = await db.query<{ id: number }>(
      `insert into users (email, first_name, is_staff) values ($1, 'Staff', true) returning id`,
      [`${unique('staff').toLowerCase()}@matrix.example`],
    );
    rows.staffUser[t] = String(staffUser.id);
    rows.invitation[t] = String(invitation.id);
    rows.token[t] = invitationToken(invitation.id, secret);
  }
  return rows;
}

/** Users of a property or group (issue 28): admins of the scope and staff; an invitation link works for whoever holds it. */
export const USER_OPERATIONS: Operation[] = [
  // Staff support tools (issue 30): staff only, whichever property the user belongs to.
  {
    field: 'Query.supportUser',
    query: SUPPORT_DOCS.user,
    variables: (f, t) => ({ userId: row(f, 'memberUser', t) }),
    allowed: (p) => p === 'staff',
  },
  {
    // Nobody may view the portal as a staff account (staff may view as others: user-support.test.ts).
    field: 'Mutation.startViewAs',
    query: SUPPORT_DOCS.startViewAs,
    variables: (f) => ({ userId: Number(f.rows.staffUser.own) }),
    allowed: () => false,
  },
  {
    // Only a viewing session can stop viewing; nobody in the matrix is viewing as anyone.
    field: 'Mutation.stopViewAs',
    query: SUPPORT_DOCS.stopViewAs,
    variables: () => ({}),
    allowed: () => false,
  },
  {
    field: 'Viewer.viewAs',
    query: SUPPORT_DOCS.viewAs,
    variables: () => ({}),
    allowed: (p) => p !== 'anonymous',
  },
  {
    field: 'Query.bookingsByReference',
    query: SUPPORT_DOCS.bookings,
    variables: () => ({ reference: 'HX-MATRIX-1' }),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Query.staffWorklist',
    query: SUPPORT_DOCS.worklist,
    variables: () => ({}),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Query.stuckSuppliers',
    query: SUPPORT_DOCS.stuckSuppliers,
    variables: () => ({}),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Query.supportPeople',
    query: SUPPORT_DOCS.people,
    variables: () => ({ email: '@matrix.example' }),
    allowed: (p) => p === 'staff',
  },
  {
    // Following the flag again when they already do changes nothing, so staff may repeat it.
    field: 'Mutation.setUserFeatureFlag',
    query: SUPPORT_DOCS.setFlag,
    variables: (f, t) => ({
      userId: row(f, 'memberUser', t),
      key: 'supplier-extranet-expanded-global-inclusions',
      enabled: null,
      reason: 'Matrix check',
    }),
    allowed: (p) => p === 'staff',
  },
  {
    // Signing out a user with no session changes nothing, so staff may repeat it.
    field: 'Mutation.supportAction',
    query: SUPPORT_DOCS.action,
    variables: (f, t) => ({ userId: row(f, 'memberUser', t), action: 'signOut' }),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Query.scopeUsers',
    query: USER_DOCS.list,
    variables: (f, t) => ({ input: { propertyId: propertyId(f, t) } }),
    allowed: userAdmin,
  },
  {
    field: 'Query.scopeUsers',
    query: USER_DOCS.list,
    variables: (f, t) => ({ input: { propertyGroupId: t === 'own' ? f.ownGroup : f.otherGroup } }),
    allowed: groupAdmin,
  },
  {
    field: 'Mutation.inviteUser',
    query: USER_DOCS.invite,
    variables: (f, t) => ({
      input: {
        propertyId: propertyId(f, t),
        email: `${unique('new').toLowerCase()}@matrix.example`,
        firstName: 'New',
        lastName: 'User',
        role: 'property_viewer',
      },
    }),
    allowed: userAdmin,
  },
  {
    field: 'Mutation.resendInvitation',
    query: USER_DOCS.resend,
    variables: (f, t) => ({ invitationId: row(f, 'invitation', t) }),
    allowed: userAdmin,
  },
  {
    field: 'Mutation.revokeInvitation',
    query: USER_DOCS.revoke,
    variables: (f, t) => ({ invitationId: row(f, 'invitation', t) }),
    allowed: userAdmin,
  },
  {
    field: 'Mutation.changeUserRole',
    query: USER_DOCS.changeRole,
    variables: (f, t) => ({ memberId: row(f, 'member', t), role: 'property_viewer' }),
    allowed: userAdmin,
  },
  {
    field: 'Mutation.setUserDisabled',
    query: USER_DOCS.setDisabled,
    variables: (f, t) => ({ memberId: row(f, 'member', t), disabled: true }),
    allowed: userAdmin,
  },
  {
    field: 'Mutation.removeUser',
    query: USER_DOCS.remove,
    variables: (f, t) => ({ memberId: row(f, 'member', t) }),
    allowed: userAdmin,
  },
  {
    field: 'Query.invitation',
    query: USER_DOCS.invitation,
    variables: (f, t) => ({ token: f.rows.token[t] }),
    allowed: () => true,
  },
  {
    field: 'Mutation.acceptInvitation',
    query: USER_DOCS.accept,
    variables: (f, t) => ({ token: f.rows.token[t], password: 'Matrix#2026ok' }),
    allowed: () => true,
  },
];
