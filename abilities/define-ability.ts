import { AbilityBuilder, createMongoAbility, subject, type MongoAbility } from '@casl/ability';
import { RATE_PLAN_PROVIDERS, RATES_PROVIDER, ROLE_LEVEL, type MembershipRole } from '../resources/domain';

/**
 * Spec §6 as CASL rules: one module the API enforces and the portal uses to decide what to show.
 * Property-scoped subjects carry the property's attributes (id, group, provider, rates service) so
 * one rule set answers for any property without another request.
 */
export type Membership = { role: MembershipRole; propertyId?: number | null; propertyGroupId?: number | null };
export type AbilityUser = { isStaff: boolean; memberships: Membership[] };
export type AbilityContext = { flags?: Record<string, boolean> };

export const ACTIONS = ['read', 'update', 'create', 'delete', 'view', 'access', 'manage'] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'Property', // details and sections of a property: read, update (content)
  'PropertyStatus', // the status menu: publish, unpublish, archive, delete, invite
  'GoLive', // a go-live request: a property's admins create one, staff decide it (update)
  'NameChange', // a request for a new property name: a property's admins create one, staff decide it (update)
  'Contact',
  'RoomType',
  'RatePlan',
  'RatesInventory',
  'Promotion',
  'Image',
  'Reservation',
  'GuestContact', // a booking's guest email and phone: editors and admins (they contact the guest)
  'PaymentCard', // a booking's virtual card (masked number, expiry, activation, amount): admins, who settle payments
  'Inclusion',
  'CustomInclusion',
  'GlobalInclusion', // the global inclusions catalogue: everyone reads it, staff keep it
  'Users', // 'view:users' and managing a property's users
  'PropertyGroup',
  'Admin',
  'Trails',
  'HealthCheck',
  'PreviousProperty',
  'FeatureFlag',
  'UserSupport', // staff's support tools on a user's page (issue 30)
  'all',
] as const;
export type Subject = (typeof SUBJECTS)[number];
export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;

const CONTENT = ['Property', 'Contact', 'RoomType', 'RatePlan', 'Promotion', 'Image', 'Inclusion'] as const;
const READABLE = [...CONTENT, 'RatesInventory', 'Reservation'] as const;

const CUSTOM = 'supplier-extranet-custom-inclusions';
/**
 * Where a flag holds, as a condition on a property's facts: the property's own setting (staff's
 * per-property targeting, issue 30) wins over the user's value.
 */
const flagHolds = (key: string, userValue: boolean | undefined) =>
  userValue ? { [`flagOverrides.${key}`]: { $ne: false } } : { [`flagOverrides.${key}`]: true };
const flagFails = (key: string, userValue: boolean | undefined) =>
  userValue ? { [`flagOverrides.${key}`]: false } : { [`flagOverrides.${key}`]: { $ne: true } };

export function defineAbilityFor(user: AbilityUser | null, context: AbilityContext = {}): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const flags = context.flags ?? {};
  if (!user) return build();

  if (user.isStaff) {
    can('manage', 'all');
    cannot('manage', 'CustomInclusion', flagFails(CUSTOM, flags[CUSTOM]));
  } else {
    if (flags['supplier-extranet-global-inclusions'] !== false) can('read', 'GlobalInclusion');
    for (const m of user.memberships) {
      // A group role applies to every property of the group.
      const where: Record<string, number> = m.propertyGroupId
        ? { propertyGroupId: m.propertyGroupId }
        : { propertyId: m.propertyId ?? -1 };
      const level = ROLE_LEVEL[m.role];
      can('read', [...READABLE], where);
      if (level !== 'viewer') {
        can(['update', 'create', 'delete'], [...CONTENT], where);
        can('update', 'RatesInventory', where);
        can('read', 'GuestContact', where);
      }
      if (level === 'admin') {
        can('view', 'Users', where);
        can(['create', 'update', 'delete'], 'Users', where);
        can('read', 'PaymentCard', where);
        can('create', ['GoLive', 'NameChange'], where);
      }
      // Custom inclusions are kept by staff; members may see (and assign) them while the flag is on.
      can('read', 'CustomInclusion', { ...where, ...flagHolds(CUSTOM, flags[CUSTOM]) });
      if (m.role === 'property_group_admin' && m.propertyGroupId)
        can('view', 'PropertyGroup', { propertyGroupId: m.propertyGroupId });
    }
    // Staff's switches in Admin: a property whose content or rates staff manage is read-only to its own users.
    cannot(['create', 'update', 'delete'], [...CONTENT], { canManageContent: false });
    cannot('update', 'RatesInventory', { canManageRates: false });
  }

  // Constraints that hold for everyone, staff included (spec §6).
  // A promotion changes a rate plan's price: where the provider owns the plans, it owns their deals too.
  cannot(['create', 'update', 'delete'], ['RatePlan', 'Promotion'], {
    inventoryProvider: { $nin: [...RATE_PLAN_PROVIDERS] },
  });
  cannot('update', 'RatesInventory', { ratesServiceEnabled: { $ne: true } });
  cannot('update', 'RatesInventory', { inventoryProvider: { $ne: RATES_PROVIDER } });
  return build();
}

/** A subject of the given type carrying attributes the rules' conditions read. */
export function on(type: Exclude<Subject, 'all'>, attributes: object): Record<string, unknown> {
  return subject(type, { ...attributes }) as unknown as Record<string, unknown>;
}
