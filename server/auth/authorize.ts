import {
  defineAbilityFor,
  on,
  type Action,
  type AppAbility,
  type Membership,
  type Subject,
} from '../../abilities/define-ability';
import { factsColumnsSql, type PropertyFacts } from '../../resources/domain';
import type { AppContext, Viewer } from '../context';
import type { Db, Queryable } from '../db/client';
import { userError } from '../errors';
import { featureFlagsFor, type FlagValues } from '../flags/feature-flags';
import { requireActiveViewer } from './guards';

const cache = new WeakMap<object, Promise<AppAbility>>();
const flagCache = new WeakMap<object, Promise<FlagValues>>();

/** The caller's feature flags for this request, read once however many resolvers ask (never widened by /vip). */
export function flagsFor(ctx: AppContext): Promise<FlagValues> {
  let flags = flagCache.get(ctx.cookies);
  if (!flags) flagCache.set(ctx.cookies, (flags = featureFlagsFor(ctx.db, ctx.viewer)));
  return flags;
}

/**
 * The caller's ability. Compiled once per viewer object: requests share a viewer from the read
 * cache until anything is written, and a write (a role change, say) brings a new viewer object, so
 * the next request compiles afresh. The /vip cookie plays no part: it only changes what the portal shows.
 */
export function abilityFor(ctx: AppContext): Promise<AppAbility> {
  const key = ctx.cookies; // one RequestCookies per HTTP request, shared by batch members
  let ability = cache.get(key);
  if (!ability) {
    const viewer = ctx.viewer;
    const compiled = viewer && abilities;
    ability =
      compiled?.get(viewer!) ??
      (async () => {
        if (!ctx.viewer) return defineAbilityFor(null);
        const memberships = ctx.viewer.memberships ?? (await loadMemberships(ctx.db, ctx.viewer.id));
        const flags = await flagsFor(ctx);
        return defineAbilityFor({ isStaff: ctx.viewer.isStaff, memberships }, { flags });
      })();
    if (compiled && viewer!.memberships && viewer!.flagRows) compiled.set(viewer!, ability);
    cache.set(key, ability);
  }
  return ability;
}
const abilities = new WeakMap<Viewer, Promise<AppAbility>>();

export async function loadMemberships(db: Queryable, userId: number): Promise<Membership[]> {
  return db.query<Membership>(
    `select role, property_id as "propertyId", property_group_id as "propertyGroupId" from live_memberships where user_id = $1 order by id`,
    [userId],
  );
}

export const PROPERTY_FACTS_SQL = `select ${factsColumnsSql('p')} from properties p where p.id = $1`;

/** What the permission check needs of a property; any write ends the cached copy (see read-cache.ts). */
export function propertyFacts(db: Db, id: number): Promise<PropertyFacts | null> {
  return db.cache.get(`facts:${id}`, async () => {
    const [facts] = await db.query<PropertyFacts>(PROPERTY_FACTS_SQL, [id]);
    return facts ? Object.freeze(facts) : null;
  });
}

export const notFound = (what = 'Property') => userError(`${what} not found.`, 'NOT_FOUND');
/** What a caller gets for something they may see but not do. */
/**
 * Staff's pages and tools (the health check, flags, worklists, support tools): anyone the ability
 * does not allow gets the same NOT_FOUND as for something that is not there.
 */
export async function requireStaffAbility(ctx: AppContext, action: Action, subject: Subject): Promise<void> {
  requireActiveViewer(ctx);
  if ((await abilityFor(ctx)).cannot(action, subject)) throw userError('Not found.', 'NOT_FOUND');
}

export const forbidden = () => userError("You don't have permission to do that.", 'FORBIDDEN');

/** Spec §5: a property id is an integer of at least 1. */
export function checkPropertyId(id: unknown): number {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1)
    throw userError('Property id must be an integer of at least 1.', 'BAD_USER_INPUT');
  return id;
}

/**
 * Loads a property the caller may act on. One they may not even read answers exactly like one that
 * does not exist; one they may read but not change is FORBIDDEN.
 */
export async function authorizeProperty(
  ctx: AppContext,
  propertyId: unknown,
  action: Action,
  subjectType: Subject = 'Property',
): Promise<PropertyFacts> {
  requireActiveViewer(ctx);
  const id = checkPropertyId(propertyId);
  return checkPropertyAccess(ctx, await propertyFacts(ctx.db, id), action, subjectType);
}

/** The same check for a property the caller already loaded (one query instead of two). */
export async function checkPropertyAccess(
  ctx: AppContext,
  facts: PropertyFacts | null,
  action: Action,
  subjectType: Subject = 'Property',
): Promise<PropertyFacts> {
  requireActiveViewer(ctx);
  const ability = await abilityFor(ctx);
  if (!facts || ability.cannot('read', on('Property', facts))) throw notFound();
  if (ability.cannot(action, on(subjectType as Exclude<Subject, 'all'>, facts))) throw forbidden();
  return facts;
}

/** Whether the caller may do this to the property, without throwing (for flags like canManageRates). */
export async function canOnProperty(
  ctx: AppContext,
  facts: PropertyFacts,
  action: Action,
  subjectType: Subject,
): Promise<boolean> {
  return (await abilityFor(ctx)).can(action, on(subjectType as Exclude<Subject, 'all'>, facts));
}
