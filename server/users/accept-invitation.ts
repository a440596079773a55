import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { refuseNewPassword, setPassword } from '../auth/password-change';
import { AUTH_CODES } from '../../resources/auth/auth.messages';
import {
  ROLE_LABELS,
  USER_MESSAGES,
  adminRoleOf,
  grantRefusal,
  type Granter,
  type UserScope,
} from '../../resources/users/user-rules';
import { loadMemberships } from '../auth/authorize';
import { parseInvitationToken, secretMatches } from './invitation-token';
import { userLabel } from './user-scope';
import { INVITATION_COLUMNS, type InvitationRow } from './invitation-row';

/** The row, and what the link needs to know around it: its scope, the account it names, its inviter. */
type OpenInvitation = InvitationRow & {
  expired: boolean;
  scope_name: string;
  user_id: number | null;
  has_password: boolean;
  inviter_is_staff: boolean | null;
  scope_group_id: number | null;
};

const INVITATION_SQL = `
  select ${INVITATION_COLUMNS}, i.expires_at < now() as expired, coalesce(p.name, g.name) as scope_name, p.property_group_id as scope_group_id,
         u.id as user_id, u.password_hash is not null as has_password,
         (select is_staff from users x where x.id = i.invited_by) as inviter_is_staff
  from invitations i
  left join properties p on p.id = i.property_id
  left join property_groups g on g.id = i.property_group_id
  left join users u on u.email = i.email
  where i.id = $1`;

/**
 * The invitation a link names, checked: a malformed or wrong token, a withdrawn one and an unknown id
 * all answer alike; an expired or used one says so (the person holding a real link deserves to know).
 */
async function openInvitation(db: Queryable, token: unknown, lock = false): Promise<OpenInvitation> {
  const parsed = parseInvitationToken(token);
  const [row] = parsed
    ? await db.query<OpenInvitation>(`${INVITATION_SQL}${lock ? ' for update of i' : ''}`, [parsed.id])
    : [];
  if (!parsed || !row || !secretMatches(parsed.secret, row.token_hash) || row.revoked_at)
    throw userError(USER_MESSAGES.linkInvalid, 'INVITATION_INVALID');
  if (row.accepted_at) throw userError(USER_MESSAGES.linkUsed, 'INVITATION_USED');
  if (row.expired) throw userError(USER_MESSAGES.linkExpired, 'INVITATION_EXPIRED');
  if (!(await inviterStillMayGrant(db, row))) throw userError(USER_MESSAGES.inviterGone, 'INVITATION_INVALID');
  return row;
}

/**
 * An invitation is as good as its inviter's authority now: one sent by someone since removed,
 * disabled or demoted (or gone) grants nothing. Staff, and an operator's (no inviter), stay good.
 */
async function inviterStillMayGrant(db: Queryable, row: OpenInvitation): Promise<boolean> {
  if (row.invited_by == null) return true;
  if (row.inviter_is_staff == null) return false;
  const granter: Granter = { isStaff: row.inviter_is_staff, memberships: await loadMemberships(db, row.invited_by) };
  const scope: UserScope =
    row.property_id != null
      ? { kind: 'property', propertyId: row.property_id, propertyGroupId: row.scope_group_id }
      : { kind: 'group', propertyGroupId: row.property_group_id! };
  return grantRefusal(granter, scope, adminRoleOf(scope)) === null && grantRefusal(granter, scope, row.role) === null;
}

/** What the accept page shows: to whom, for what, and whether a password must be chosen. */
export async function invitationInfo(ctx: AppContext, args: { token: unknown }) {
  const row = await openInvitation(ctx.db, args.token);
  return {
    email: row.email,
    scopeName: row.scope_name,
    role: row.role,
    roleLabel: ROLE_LABELS[row.role],
    needsPassword: !row.has_password,
  };
}

/**
 * Takes the invitation: makes the account when there is none (with the §5 password, the address
 * confirmed by the link, and FIRST_LOGIN so the first sign-in lands on /user-details), grants the
 * role, and spends the link. The person then signs in as usual, with an emailed code.
 */
export async function acceptInvitation(ctx: AppContext, args: { token: unknown; password?: unknown }) {
  const password = typeof args.password === 'string' ? args.password : null;
  await runCommand(ctx, {
    authorize: () => null,
    lock: (tx) => openInvitation(tx, args.token, true),
    write: async (tx, inv) => {
      let userId = inv.user_id;
      if (userId == null) {
        // Two invitations to one new address accepted at once: the second finds the first's account.
        await tx.query(
          `insert into users (email, first_name, last_name, email_verified, flags) values ($1, $2, $3, true, '{FIRST_LOGIN}')
           on conflict (email) do nothing`,
          [inv.email, inv.first_name, inv.last_name],
        );
        const [made] = await tx.query<{ id: number }>('select id from users where email = $1', [inv.email]);
        userId = made.id;
      }
      if (!inv.has_password) {
        if (!password)
          throw userError('Enter your password', AUTH_CODES.invalidPassword, { password: ['Enter your password'] });
        const refusal = await refuseNewPassword(tx, userId, password);
        // Thrown: the new account rolls back with it and the link still works.
        if (refusal)
          throw userError(
            refusal.message,
            refusal.kind === 'history' ? AUTH_CODES.passwordHistory : AUTH_CODES.invalidPassword,
            {
              password: [refusal.message],
            },
          );
        await setPassword(tx, userId, password);
        await tx.query(
          `update users set email_verified = true, flags = array(select distinct unnest(flags || '{FIRST_LOGIN}'::text[])) where id = $1`,
          [userId],
        );
      }
      const granted = await tx.query(
        `insert into memberships (user_id, property_id, property_group_id, role) values ($1, $2, $3, $4) on conflict do nothing returning id`,
        [userId, inv.property_id, inv.property_group_id, inv.role],
      );
      // Already a member: a disabled one stays disabled (the link does not undo an admin's decision).
      if (!granted.length) {
        const [held] = await tx.query<{ disabled: boolean }>(
          `select disabled_at is not null as disabled from memberships where user_id = $1
             and property_id is not distinct from $2 and property_group_id is not distinct from $3`,
          [userId, inv.property_id, inv.property_group_id],
        );
        if (held?.disabled) throw refused(USER_MESSAGES.membershipDisabled);
      }
      await tx.query('update invitations set accepted_at = now() where id = $1', [inv.id]);
      return { userId };
    },
    history: ({ userId }, inv) => ({
      action: 'user.invite.accept',
      subjectType: 'User',
      subjectId: userId,
      label: userLabel(inv.email, inv.role),
      ...(inv.property_id != null ? { propertyId: inv.property_id } : { propertyGroupId: inv.property_group_id }),
      before: null,
      after: { email: inv.email, role: inv.role },
      actor: { userId },
    }),
  });
  return { message: USER_MESSAGES.accepted };
}
