import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { idArg } from '../input-args';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { fieldErrors, invalid } from '../save/versioned-save';
import { MailDeliveryError } from '../mail/mailer';
import { invitationMail } from '../mail/invitation-mail';
import { ROLES, type MembershipRole } from '../../resources/domain';
import { inviteInput } from '../../resources/users/user.forms';
import {
  INVITATION_VALID_DAYS,
  INVITES_PER_HOUR,
  ROLE_LABELS,
  USER_MESSAGES,
  grantRefusal,
} from '../../resources/users/user-rules';
import {
  authorizeScope,
  granterOf,
  historyScope,
  inScopeSql,
  lockScope,
  scopeKey,
  scopeWhere,
  userLabel,
  type ScopeFacts,
} from './user-scope';
import { invitationToken, newInvitationSecret } from './invitation-token';
import { loadInvitation } from './invitation-row';

const label = userLabel;

/** Both hourly limits, counted in the transaction that would send one more. */
async function checkSendLimits(tx: Queryable, inviterId: number, email: string) {
  const [row] = await tx.query<{ by_inviter: number; to_address: number }>(
    `select count(*) filter (where sent_by = $1)::int as by_inviter, count(*) filter (where email = $2)::int as to_address
     from invitation_sends where sent_at > now() - interval '1 hour' and (sent_by = $1 or email = $2)`,
    [inviterId, email],
  );
  if (row.by_inviter >= INVITES_PER_HOUR.inviter || row.to_address >= INVITES_PER_HOUR.address)
    throw userError(USER_MESSAGES.tooMany, 'TOO_MANY_REQUESTS');
}

/** A fresh secret and a week more, on the sender's authority; the previous link stops working. */
async function issueLink(tx: Queryable, invitationId: number, inviterId: number, email: string) {
  const { secret, hash } = newInvitationSecret();
  await tx.query(
    `update invitations set token_hash = $2, sent_at = now(), expires_at = now() + make_interval(days => $3), invited_by = $4
     where id = $1`,
    [invitationId, hash, INVITATION_VALID_DAYS, inviterId],
  );
  await tx.query('insert into invitation_sends (sent_by, email) values ($1, $2)', [inviterId, email]);
  return invitationToken(invitationId, secret);
}

/** Mails the link after the invitation committed; a failed delivery keeps the invitation and says to resend. */
async function mailLink(ctx: AppContext, to: string, token: string, scopeName: string, role: string) {
  const link = new URL('/accept-invitation', ctx.config.PUBLIC_URL);
  link.searchParams.set('token', token);
  const viewer = ctx.viewer!;
  const inviter = `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
  try {
    await ctx.mailer.deliver(
      invitationMail(to, { inviter, scopeName, roleLabel: ROLE_LABELS[role as MembershipRole], link: link.toString() }),
      ctx.log,
    );
  } catch (error) {
    if (error instanceof MailDeliveryError) throw userError(USER_MESSAGES.mailFailed, 'MAIL_UNAVAILABLE');
    throw error;
  }
}

/**
 * Invites someone to a property or group with a role the inviter may grant. The answer is the same
 * whether or not the address has an account: nothing is made until the link is opened. Inviting
 * the first user of a Prospective property moves it to Invited.
 */
export async function inviteUser(ctx: AppContext, input: unknown) {
  const parsed = inviteInput(ROLES).safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues, 'input'));
  const v = parsed.data;
  const email = v.email.trim().toLowerCase();
  const role = String(v.role);
  let facts: ScopeFacts;
  const issued = await runCommand(ctx, {
    authorize: async () => {
      facts = await authorizeScope(ctx, v, 'create');
      const refusal = grantRefusal(await granterOf(ctx), facts.scope, role);
      if (refusal) throw refused(refusal);
      return facts;
    },
    lock: async (tx, f) => {
      await lockScope(tx, ctx, f.scope, role);
      // One address's and one inviter's sends are counted one request at a time, whichever scope they are for.
      await tx.query('select pg_advisory_xact_lock(hashtext($1)), pg_advisory_xact_lock(hashtext($2))', [
        `invite-address:${email}`,
        `invite-by:${ctx.viewer!.id}`,
      ]);
      const [{ members, disabled, open_id, open_expired }] = await tx.query<{
        members: number;
        disabled: number;
        open_id: number | null;
        open_expired: boolean | null;
      }>(
        `select (select count(*)::int from memberships m join users u on u.id = m.user_id
                  where u.email = $1 and ${inScopeSql('m', f.scope, '$2')}) as members,
                (select count(*)::int from memberships m join users u on u.id = m.user_id
                  where u.email = $1 and m.disabled_at is not null and ${inScopeSql('m', f.scope, '$2')}) as disabled,
                i.id as open_id, i.expires_at < now() as open_expired
         from (select 1) one left join invitations i on i.email = $1 and i.accepted_at is null and i.revoked_at is null
           and ${inScopeSql('i', f.scope, '$2')}`,
        [email, scopeKey(f.scope)],
      );
      return { members, disabled, openId: open_id, openExpired: Boolean(open_expired) };
    },
    check: async (state, _f, tx) => {
      if (state.disabled > 0) throw refused(USER_MESSAGES.disabledMember(email));
      if (state.members > 0) throw refused(USER_MESSAGES.alreadyMember(email));
      if (state.openId != null && !state.openExpired) throw refused(USER_MESSAGES.alreadyInvited(email));
      await checkSendLimits(tx, ctx.viewer!.id, email);
    },
    write: async (tx, state, f) => {
      // An expired invitation to the same address gives way to the new one.
      if (state.openId != null)
        await tx.query('update invitations set revoked_at = now() where id = $1', [state.openId]);
      const [row] = await tx.query<{ id: number }>(
        `insert into invitations (email, first_name, last_name, property_id, property_group_id, role, token_hash, invited_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, '', $7, now()) returning id`,
        [
          email,
          v.firstName,
          v.lastName,
          f.scope.kind === 'property' ? f.scope.propertyId : null,
          f.scope.kind === 'group' ? f.scope.propertyGroupId : null,
          role,
          ctx.viewer!.id,
        ],
      );
      const token = await issueLink(tx, row.id, ctx.viewer!.id, email);
      const moved =
        f.scope.kind === 'property' && f.status === 'PROSPECTIVE'
          ? (
              await tx.query(
                `update properties set status = 'INVITED', updated_at = now() where id = $1 and status = 'PROSPECTIVE' returning id`,
                [f.scope.propertyId],
              )
            ).length > 0
          : false;
      return { id: row.id, token, moved };
    },
    history: (r, _s, f) => [
      {
        action: 'user.invite',
        subjectType: 'User',
        subjectId: email,
        label: label(email, role),
        ...historyScope(f.scope),
        before: null,
        after: { email, name: `${v.firstName} ${v.lastName}`, role },
      },
      ...(r.moved && f.scope.kind === 'property'
        ? [
            {
              action: 'property.invite',
              subjectType: 'Property',
              subjectId: f.scope.propertyId,
              propertyId: f.scope.propertyId,
              label: `Property: ${f.name}`,
              before: { status: 'PROSPECTIVE' },
              after: { status: 'INVITED' },
            },
          ]
        : []),
    ],
  });
  if (issued.moved && facts!.scope.kind === 'property')
    ctx.pubsub.publish('property:updated', facts!.scope.propertyId, { id: facts!.scope.propertyId });
  await mailLink(ctx, email, issued.token, facts!.name, role);
  return { message: USER_MESSAGES.invited(email) };
}

/** An open invitation the caller may manage; another scope's (or a missing one) is NOT_FOUND. */
async function authorizeInvitation(ctx: AppContext, invitationId: unknown) {
  const id = idArg('invitationId', invitationId);
  const row = await loadInvitation(ctx.db, id);
  if (!row) throw userError('Invitation not found.', 'NOT_FOUND');
  const facts = await authorizeScope(ctx, scopeWhere(row), 'update').catch((error) => {
    throw error?.extensions?.code === 'NOT_FOUND' ? userError('Invitation not found.', 'NOT_FOUND') : error;
  });
  return { row, facts };
}

const lockOpen = async (tx: Queryable, id: number) => {
  const row = await loadInvitation(tx, id, true);
  if (!row || row.accepted_at || row.revoked_at) throw refused(USER_MESSAGES.notOpen);
  return row;
};

/** Sends the invitation again with a new link (the old one stops working) and a new week. */
export async function resendInvitation(ctx: AppContext, args: { invitationId: unknown }) {
  const { row, facts } = await authorizeInvitation(ctx, args.invitationId);
  const token = await runCommand(ctx, {
    authorize: () => facts,
    lock: async (tx, f) => {
      await lockScope(tx, ctx, f.scope, row.role);
      return lockOpen(tx, row.id);
    },
    check: (open, _f, tx) => checkSendLimits(tx, ctx.viewer!.id, open.email),
    write: (tx, open) => issueLink(tx, open.id, ctx.viewer!.id, open.email),
    history: (_t, open, f) => ({
      action: 'user.invite.resend',
      subjectType: 'User',
      subjectId: open.email,
      label: label(open.email, open.role),
      ...historyScope(f.scope),
      changes: [{ field: 'expiresAt', before: open.expires_at, after: `in ${INVITATION_VALID_DAYS} days` }],
    }),
  });
  await mailLink(ctx, row.email, token, facts.name, row.role);
  return { message: USER_MESSAGES.resent(row.email) };
}

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(ctx: AppContext, args: { invitationId: unknown }) {
  const { row, facts } = await authorizeInvitation(ctx, args.invitationId);
  await runCommand(ctx, {
    authorize: () => facts,
    lock: async (tx, f) => {
      await lockScope(tx, ctx, f.scope);
      return lockOpen(tx, row.id);
    },
    write: (tx, open) => tx.query('update invitations set revoked_at = now() where id = $1', [open.id]),
    history: (_r, open, f) => ({
      action: 'user.invite.revoke',
      subjectType: 'User',
      subjectId: open.email,
      label: label(open.email, open.role),
      ...historyScope(f.scope),
      before: { email: open.email, role: open.role },
      after: null,
    }),
  });
  return { message: USER_MESSAGES.revoked(row.email) };
}
