import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { idArg, oneOfArg } from '../input-args';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { revokeAllSessions } from '../auth/sessions';
import { ROLES, type MembershipRole } from '../../resources/domain';
import {
  ROLE_LABELS,
  USER_MESSAGES,
  adminRoleOf,
  grantRefusal,
  type UserScope,
} from '../../resources/users/user-rules';
import {
  activeAdmins,
  authorizeScope,
  granterOf,
  historyScope,
  lockScope,
  scopeWhere,
  userLabel,
  type ScopeFacts,
} from './user-scope';

type MemberRow = {
  id: number;
  user_id: number;
  email: string;
  name: string;
  role: MembershipRole;
  disabled_at: Date | null;
  property_id: number | null;
  property_group_id: number | null;
};

const MEMBER_SQL = `select m.id, m.user_id, u.email, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name,
  m.role, m.disabled_at, m.property_id, m.property_group_id
  from memberships m join users u on u.id = m.user_id where m.id = $1`;

/** A membership the caller may manage (another scope's, or a missing one, is NOT_FOUND); never the caller's own. */
async function authorizeMember(ctx: AppContext, memberId: unknown): Promise<{ member: MemberRow; facts: ScopeFacts }> {
  const id = idArg('memberId', memberId);
  const [member] = await ctx.db.query<MemberRow>(MEMBER_SQL, [id]);
  if (!member) throw userError('User not found.', 'NOT_FOUND');
  const facts = await authorizeScope(ctx, scopeWhere(member), 'update').catch((error) => {
    throw error?.extensions?.code === 'NOT_FOUND' ? userError('User not found.', 'NOT_FOUND') : error;
  });
  if (member.user_id === ctx.viewer!.id) throw refused(USER_MESSAGES.self);
  return { member, facts };
}

/** The membership as it is now, locked after its scope (lockScope), with the scope's active admins counted under the lock. */
async function lockMember(tx: Queryable, ctx: AppContext, scope: UserScope, id: number, role?: string) {
  await lockScope(tx, ctx, scope, role);
  const [member] = await tx.query<MemberRow>(`${MEMBER_SQL} for update of m`, [id]);
  if (!member) throw userError('User not found.', 'NOT_FOUND');
  return { member, admins: await activeAdmins(tx, scope) };
}

/** Refuses a change that would leave the scope with no active admin. */
function keepAnAdmin(scope: UserScope, member: MemberRow, admins: number, stillAdmin: boolean) {
  const isActiveAdmin = member.role === adminRoleOf(scope) && !member.disabled_at;
  if (isActiveAdmin && !stillAdmin && admins <= 1) throw refused(USER_MESSAGES.lastAdmin);
}

const labelOf = (m: MemberRow, role: string = m.role) => userLabel(m.email, role);

/** Gives a member another role of the scope's kind, up to the caller's own. */
export async function changeUserRole(ctx: AppContext, args: { memberId: unknown; role: unknown }) {
  const role = oneOfArg('role', args.role, ROLES);
  const { member, facts } = await authorizeMember(ctx, args.memberId);
  const refusal = grantRefusal(await granterOf(ctx), facts.scope, role);
  if (refusal) throw refused(refusal);
  await runCommand(ctx, {
    authorize: () => facts,
    lock: (tx, f) => lockMember(tx, ctx, f.scope, member.id, role),
    check: ({ member: m, admins }, f) => keepAnAdmin(f.scope, m, admins, role === adminRoleOf(f.scope)),
    write: (tx, { member: m }) => tx.query('update memberships set role = $2 where id = $1', [m.id, role]),
    history: (_r, { member: m }, f) =>
      m.role === role
        ? null
        : {
            action: 'user.role',
            subjectType: 'User',
            subjectId: m.user_id,
            label: labelOf(m, role),
            ...historyScope(f.scope),
            before: { role: m.role },
            after: { role },
          },
  });
  return { message: USER_MESSAGES.roleChanged(member.name, ROLE_LABELS[role as MembershipRole]) };
}

/** Turns a member's access here off (their sessions end at once) or back on. */
export async function setUserDisabled(ctx: AppContext, args: { memberId: unknown; disabled: unknown }) {
  if (typeof args.disabled !== 'boolean') throw userError('disabled must be true or false.', 'BAD_USER_INPUT');
  const disabled = args.disabled;
  const { member, facts } = await authorizeMember(ctx, args.memberId);
  await runCommand(ctx, {
    authorize: () => facts,
    lock: (tx, f) => lockMember(tx, ctx, f.scope, member.id),
    check: ({ member: m, admins }, f) => {
      if (disabled) keepAnAdmin(f.scope, m, admins, false);
    },
    write: async (tx, { member: m }) => {
      await tx.query(
        `update memberships set disabled_at = ${disabled ? 'coalesce(disabled_at, now())' : 'null'} where id = $1`,
        [m.id],
      );
      if (disabled) await revokeAllSessions(tx, m.user_id, 'access disabled');
    },
    history: (_r, { member: m }, f) =>
      Boolean(m.disabled_at) === disabled
        ? null
        : {
            action: disabled ? 'user.disable' : 'user.enable',
            subjectType: 'User',
            subjectId: m.user_id,
            label: labelOf(m),
            ...historyScope(f.scope),
            before: { status: m.disabled_at ? 'disabled' : 'active' },
            after: { status: disabled ? 'disabled' : 'active' },
          },
  });
  return { message: disabled ? USER_MESSAGES.disabled(member.name) : USER_MESSAGES.enabled(member.name) };
}

/** Takes a member's access here away; their sessions end at once. */
export async function removeUser(ctx: AppContext, args: { memberId: unknown }) {
  const { member, facts } = await authorizeMember(ctx, args.memberId);
  await runCommand(ctx, {
    authorize: () => facts,
    lock: (tx, f) => lockMember(tx, ctx, f.scope, member.id),
    check: ({ member: m, admins }, f) => keepAnAdmin(f.scope, m, admins, false),
    write: async (tx, { member: m }) => {
      await tx.query('delete from memberships where id = $1', [m.id]);
      await revokeAllSessions(tx, m.user_id, 'access removed');
    },
    history: (_r, { member: m }, f) => ({
      action: 'user.remove',
      subjectType: 'User',
      subjectId: m.user_id,
      label: labelOf(m),
      ...historyScope(f.scope),
      before: { email: m.email, role: m.role },
      after: null,
    }),
  });
  return { message: USER_MESSAGES.removed(member.name) };
}
