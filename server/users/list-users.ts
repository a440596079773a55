import { passwordLockedSql } from '../auth/login-throttle';
import type { AppContext } from '../context';
import { userError } from '../errors';
import { userQuerySchema, type UserQuery } from '../../resources/users/user.forms';
import { grantableRoles } from '../../resources/users/user-rules';
import { authorizeScope, granterOf } from './user-scope';

export type ScopeUserRow = {
  id: string;
  member_id: number | null;
  invitation_id: number | null;
  user_id: number | null;
  name: string;
  email: string;
  role: string;
  status: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  expires_at: Date | null;
  property_id: number | null;
  property_name: string | null;
};

const SORT_SQL: Record<UserQuery['sort'], string> = {
  created_at: 'created_at',
  id: 'coalesce(user_id, 2147483647)',
  name: 'lower(name)',
  role: 'role',
  status: 'status',
};

/**
 * A property's users: its memberships and open invitations. A group's: the group's own, and those
 * of each of its properties (with the property they reach), so a group admin sees everyone at once.
 */
function usersSql(kind: 'property' | 'group'): string {
  const memberWhere =
    kind === 'property'
      ? 'm.property_id = $1'
      : 'm.property_group_id = $1 or m.property_id in (select id from properties where property_group_id = $1)';
  const inviteWhere =
    kind === 'property'
      ? 'i.property_id = $1'
      : '(i.property_group_id = $1 or i.property_id in (select id from properties where property_group_id = $1))';
  return `
    select 'member:' || m.id as id, m.id as member_id, null::int as invitation_id, u.id as user_id,
           trim(u.first_name || ' ' || u.last_name) as name, u.email, m.role,
           case when m.disabled_at is not null then 'disabled'
                when ${passwordLockedSql('u.email')} then 'locked'
                when u.password_hash is null then 'invited' else 'active' end as status,
           (select max(s.created_at) from sessions s where s.user_id = u.id) as last_sign_in_at,
           m.created_at, null::timestamptz as expires_at, m.property_id, p.name as property_name
    from memberships m join users u on u.id = m.user_id
    left join properties p on p.id = m.property_id
    where ${memberWhere}
    union all
    select 'invitation:' || i.id, null, i.id, null, trim(i.first_name || ' ' || i.last_name), i.email, i.role, 'invited',
           null, i.created_at, i.expires_at, i.property_id, p.name
    from invitations i left join properties p on p.id = i.property_id
    where ${inviteWhere} and i.accepted_at is null and i.revoked_at is null`;
  // (login_throttle has a row per address an email failed from: asked with exists, never joined.)
}

/** The users page's rows, filtered and sorted (spec §3's five sort keys, both ways), with the roles the caller may grant there. */
export async function listScopeUsers(ctx: AppContext, input: unknown) {
  const parsed = userQuerySchema.safeParse(input ?? {});
  if (!parsed.success) throw userError(parsed.error.issues[0].message, 'BAD_USER_INPUT');
  const q = parsed.data;
  const facts = await authorizeScope(ctx, q, 'view');
  const key = facts.scope.kind === 'property' ? facts.scope.propertyId : facts.scope.propertyGroupId;
  const dir = q.direction === 'desc' ? 'desc' : 'asc';
  const rows = await ctx.db.query<ScopeUserRow>(
    `select * from (${usersSql(facts.scope.kind)}) x
     where ($2::text is null or role = $2) and ($3::text is null or status = $3)
     order by ${SORT_SQL[q.sort]} ${dir}, id ${dir} limit 1000`,
    [key, q.role ?? null, q.status ?? null],
  );
  const viewerId = ctx.viewer!.id;
  return {
    scopeName: facts.name,
    grantableRoles: grantableRoles(await granterOf(ctx), facts.scope),
    nodes: rows.map((r) => ({
      id: r.id,
      memberId: r.member_id,
      invitationId: r.invitation_id,
      name: r.name || r.email,
      email: r.email,
      role: r.role,
      status: r.status,
      lastSignInAt: r.last_sign_in_at ? new Date(r.last_sign_in_at).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
      invitationExpiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      expired: r.expires_at ? new Date(r.expires_at).getTime() < Date.now() : false,
      propertyId: r.property_id,
      propertyName: r.property_name,
      isSelf: r.user_id === viewerId,
      userId: r.user_id,
    })),
  };
}
