import { on, type Action } from '../../abilities/define-ability';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { abilityFor, authorizeProperty, forbidden, loadMemberships } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import { refused } from '../commands/refusals';
import { ROLE_LABELS, adminRoleOf, grantRefusal, type Granter, type UserScope } from '../../resources/users/user-rules';

/** A scope the caller may act on, with the name the history and the emails use. */
export type ScopeFacts = { scope: UserScope; name: string; status: string | null };

export const groupNotFound = () => userError('Property group not found.', 'NOT_FOUND');

/** Spec §6 'view:users' and managing them, on a property or a group: who may not even see the scope gets NOT_FOUND. */
export async function authorizeScope(
  ctx: AppContext,
  where: { propertyId?: number | null; propertyGroupId?: number | null },
  action: Action,
): Promise<ScopeFacts> {
  requireActiveViewer(ctx);
  if ((where.propertyId == null) === (where.propertyGroupId == null))
    throw userError('Give either a propertyId or a propertyGroupId.', 'BAD_USER_INPUT');
  if (where.propertyId != null) {
    const facts = await authorizeProperty(ctx, where.propertyId, action, 'Users');
    const [row] = await ctx.db.query<{ name: string; status: string }>(
      'select name, status from properties where id = $1',
      [facts.propertyId],
    );
    if (!row) throw userError('Property not found.', 'NOT_FOUND');
    return {
      scope: { kind: 'property', propertyId: facts.propertyId, propertyGroupId: facts.propertyGroupId },
      name: row.name,
      status: row.status,
    };
  }
  const groupId = where.propertyGroupId!;
  const [group] = await ctx.db.query<{ name: string }>('select name from property_groups where id = $1', [groupId]);
  const ability = await abilityFor(ctx);
  const subject = on('Users', { propertyGroupId: groupId });
  if (!group || ability.cannot('view', subject)) throw groupNotFound();
  if (ability.cannot(action, subject)) throw forbidden();
  return { scope: { kind: 'group', propertyGroupId: groupId }, name: group.name, status: null };
}

/** The scope a membership or an invitation belongs to, as its row names it. */
export const scopeWhere = (row: { property_id: number | null; property_group_id: number | null }) =>
  row.property_id != null ? { propertyId: row.property_id } : { propertyGroupId: row.property_group_id };

/** The caller as a granter: staff, or their live memberships. */
export async function granterOf(ctx: AppContext): Promise<Granter> {
  const viewer = requireActiveViewer(ctx);
  return { isStaff: viewer.isStaff, memberships: viewer.memberships ?? (await loadMemberships(ctx.db, viewer.id)) };
}

/** Where the scope's history goes: the property's, or the group's. */
export const historyScope = (scope: UserScope) =>
  scope.kind === 'property' ? { propertyId: scope.propertyId } : { propertyGroupId: scope.propertyGroupId };

/** SQL for "in this scope" over a table with property_id and property_group_id columns. */
export const inScopeSql = (alias: string, scope: UserScope, param = '$1') =>
  scope.kind === 'property' ? `${alias}.property_id = ${param}` : `${alias}.property_group_id = ${param}`;
export const scopeKey = (scope: UserScope) => (scope.kind === 'property' ? scope.propertyId : scope.propertyGroupId);

/** Active admins of the scope (the last one stays). */
export async function activeAdmins(tx: Queryable, scope: UserScope): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from memberships m
     where ${inScopeSql('m', scope)} and m.disabled_at is null and m.role = $2`,
    [scopeKey(scope), adminRoleOf(scope)],
  );
  return row.n;
}

/**
 * Serialises every change to a scope's users (its property or group row, locked first, always in
 * that order) and checks again, under the lock, that the caller still manages users there and may
 * grant `role`: a caller demoted or disabled while the request was on its way is refused.
 */
export async function lockScope(tx: Queryable, ctx: AppContext, scope: UserScope, role?: string) {
  await tx.query(
    `select 1 from ${scope.kind === 'property' ? 'properties' : 'property_groups'} where id = $1 for update`,
    [scopeKey(scope)],
  );
  const viewer = requireActiveViewer(ctx);
  const granter: Granter = { isStaff: viewer.isStaff, memberships: await loadMemberships(tx, viewer.id) };
  if (grantRefusal(granter, scope, adminRoleOf(scope)) !== null) throw forbidden();
  const refusal = role === undefined ? null : grantRefusal(granter, scope, role);
  if (refusal) throw refused(refusal);
}

/** How the history names a user of a scope: "User: ana@example.com (Property editor)". */
export const userLabel = (email: string, role: string) =>
  `User: ${email} (${ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role})`;
