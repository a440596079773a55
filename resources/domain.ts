import { countOf } from './plural';

/**
 * The domain's facts, each written once (spec §3, §4, §6): roles, property statuses and their
 * labels, inventory providers, publishable sections, the status state machine, feature flags and
 * the property attributes permission checks read. The server, the portal, the ability rules, the
 * GraphQL enums, the CLI and the seed all take them from here.
 */

/** Roles on one property, and on every property of a group. */
export const PROPERTY_ROLES = ['property_admin', 'property_editor', 'property_viewer', 'supplier'] as const;
export const GROUP_ROLES = ['property_group_admin', 'property_group_editor', 'property_group_viewer'] as const;
export type PropertyRole = (typeof PROPERTY_ROLES)[number];
export type GroupRole = (typeof GROUP_ROLES)[number];
export type MembershipRole = PropertyRole | GroupRole;
export const MEMBERSHIP_ROLES: readonly MembershipRole[] = [...PROPERTY_ROLES, ...GROUP_ROLES];
export const isGroupRole = (role: string): role is GroupRole => (GROUP_ROLES as readonly string[]).includes(role);
/** Every role a user is shown as (spec §6): a membership's, or 'staff' for internal staff (isStaff). */
export const STAFF_ROLE = 'staff';
export const ROLES = [...MEMBERSHIP_ROLES, STAFF_ROLE] as const;

/** What each role may do with a property's content (spec §6). */
export type RoleLevel = 'viewer' | 'editor' | 'admin';
export const ROLE_LEVEL: Record<MembershipRole, RoleLevel> = {
  property_admin: 'admin',
  property_editor: 'editor',
  supplier: 'editor',
  property_viewer: 'viewer',
  property_group_admin: 'admin',
  property_group_editor: 'editor',
  property_group_viewer: 'viewer',
};

/** Spec §3 statuses with their labels, in the order the interface lists them. */
export const STATUS_LABELS = {
  PROSPECTIVE: 'Prospective',
  INVITED: 'Invited',
  ONBOARDING: 'Onboarding',
  UNPUBLISHED: 'Unpublished',
  PUBLISHED: 'Published',
  ARCHIVED: 'Archived',
} as const;
export type PropertyStatus = keyof typeof STATUS_LABELS;
export const PROPERTY_STATUSES = Object.keys(STATUS_LABELS) as PropertyStatus[];

/** Inventory providers (the values the API takes) with the names people know them by. */
export const INVENTORY_PROVIDER_LABELS = {
  derbysoft: 'DerbySoft',
  expedia: 'Expedia',
  extranet: 'Extranet',
  pegasus: 'Pegasus',
  siteconnect: 'SiteConnect',
} as const;
export type InventoryProvider = keyof typeof INVENTORY_PROVIDER_LABELS;
export const INVENTORY_PROVIDERS = Object.keys(INVENTORY_PROVIDER_LABELS) as [
  InventoryProvider,
  ...InventoryProvider[],
];
/** Providers that let the extranet own rate plans (spec §6: any provider but derbysoft or expedia). */
export const RATE_PLAN_PROVIDERS: readonly InventoryProvider[] = ['extranet', 'pegasus', 'siteconnect'];
/** The provider whose rates and inventory the portal edits (spec §6). */
export const RATES_PROVIDER: InventoryProvider = 'extranet';

/** The days ahead a property's calendar must hold rooms to sell and a rate for, for every room type, before it is sellable. */
export const RATES_LOADED_DAYS = 90;

/**
 * What a property needs before it can be published, in the order a hotel completes it: spec §3's
 * eight publishable sections, and what a listing cannot sell without (facilities, commercial terms,
 * a primary contact, and rates loaded for the next RATES_LOADED_DAYS where the portal holds them).
 * The home lists them, "Save and continue" walks them, and Publish waits for all of them.
 */
export const PUBLISHABLE_SECTIONS = [
  { key: 'propertyOverview', label: 'Property overview', path: 'details/overview' },
  { key: 'propertyLocation', label: 'Location', path: 'details/location' },
  { key: 'propertyFacilities', label: 'Facilities', path: 'details/facilities' },
  { key: 'propertyPolicies', label: 'Policies', path: 'details/policies' },
  { key: 'commercialTerms', label: 'Commercial terms', path: 'details/commercial-terms' },
  { key: 'roomTypes', label: 'Room types', path: 'room-types' },
  { key: 'ratePlans', label: 'Rate plans', path: 'rate-plans/overview' },
  { key: 'ratesLoaded', label: `Rates and availability, next ${RATES_LOADED_DAYS} days`, path: 'rates-and-inventory' },
  { key: 'images', label: 'Images', path: 'images/property' },
  { key: 'primaryContact', label: 'Primary contact', path: 'contacts/primary' },
  { key: 'reservationsContact', label: 'Reservations contact', path: 'contacts/reservations' },
  { key: 'billingContact', label: 'Billing contact', path: 'contacts/billing' },
] as const;
export type PublishableSection = (typeof PUBLISHABLE_SECTIONS)[number]['key'];
export type Publishable = Record<PublishableSection, boolean>;
export const PUBLISHABLE_KEYS = PUBLISHABLE_SECTIONS.map((s) => s.key) as PublishableSection[];

/** Whether the portal holds the property's rates (its calendar is edited here), so "rates loaded" is a step for it. */
export const holdsRates = (p: { ratesServiceEnabled: boolean; inventoryProvider: string | null }) =>
  p.ratesServiceEnabled && p.inventoryProvider === RATES_PROVIDER;
/** The steps a property's home lists: every section, less rates where they come from a channel. */
export const stepsFor = (p: { ratesServiceEnabled: boolean; inventoryProvider: string | null }) =>
  PUBLISHABLE_SECTIONS.filter((s) => s.key !== 'ratesLoaded' || holdsRates(p));

type Step = (typeof PUBLISHABLE_SECTIONS)[number];
/** The step a page belongs to, from its path under the property ('details/location', 'room-types/create'), or null. */
export function stepAt(path: string, steps: readonly Step[] = PUBLISHABLE_SECTIONS): Step | null {
  const first = path.split('/')[0];
  return (
    steps.find((s) => path === s.path || path.startsWith(`${s.path}/`)) ??
    // A list's other pages (a room type's form, a rate plan's) belong to its step; details and contacts are one step a page.
    (['details', 'contacts'].includes(first) ? undefined : steps.find((s) => s.path.split('/')[0] === first)) ??
    null
  );
}
/** Where "Save and continue" goes from `current`: the next step still to do, else the first one before it, else none. */
export function nextStep(p: Publishable, steps: readonly Step[], current: Step | null): Step | null {
  const at = current ? steps.indexOf(current) : -1;
  const open = (s: Step) => !p[s.key] && s !== current;
  return steps.slice(at + 1).find(open) ?? steps.slice(0, Math.max(at, 0)).find(open) ?? null;
}

/** The sections not complete yet, in the home page's order. */
export const missingSections = (p: Publishable) => PUBLISHABLE_SECTIONS.filter((s) => !p[s.key]);
export const stepsRemaining = (p: Publishable) => missingSections(p).length;
/** How the home and the group page name a property's readiness: '1 step remaining', '3 steps remaining', 'Ready to publish'. */
export const readinessLabel = (p: Publishable) => {
  const n = stepsRemaining(p);
  return n ? countOf(n, 'step remaining', 'steps remaining') : 'Ready to publish';
};

/**
 * Spec §4's state machine: from which statuses each staff action may run, and to where. Issue 30
 * made every step undoable: Delete archives (remembering the status it left) unless the property is
 * a Prospective one with no data (hardDeletable), which goes for good; Restore takes an archived
 * property back to the status it was archived from.
 */
export const STATUS_RULES = {
  publish: { from: ['ONBOARDING', 'UNPUBLISHED'], to: 'PUBLISHED', done: 'published' },
  unpublish: { from: ['PUBLISHED'], to: 'UNPUBLISHED', done: 'unpublished' },
  archive: { from: ['UNPUBLISHED'], to: 'ARCHIVED', done: 'archived' },
  delete: { from: ['PROSPECTIVE', 'INVITED', 'ONBOARDING'], to: 'ARCHIVED', done: 'deleted' },
  restore: { from: ['ARCHIVED'], to: 'UNPUBLISHED', done: 'restored' },
} as const satisfies Record<string, { from: readonly PropertyStatus[]; to: PropertyStatus; done: string }>;
export type StatusAction = keyof typeof STATUS_RULES;
export const STATUS_ACTIONS = Object.keys(STATUS_RULES) as StatusAction[];
/** The actions staff may run over a filtered list at once (issue 30). */
export const BULK_STATUS_ACTIONS = ['publish', 'unpublish', 'archive'] as const satisfies readonly StatusAction[];
export type BulkStatusAction = (typeof BULK_STATUS_ACTIONS)[number];

/** Whether Delete removes the property for good: only a Prospective one that holds no data yet. */
export const hardDeletable = (status: PropertyStatus, hasData: boolean) => status === 'PROSPECTIVE' && !hasData;

/** Where an action takes a property: a restore goes back to the status it was archived from. */
export const statusAfter = (action: StatusAction, archivedFrom: PropertyStatus | null): PropertyStatus =>
  action === 'restore' ? (archivedFrom ?? STATUS_RULES.restore.to) : STATUS_RULES[action].to;

/** Why an action cannot run now, or null when it can: the server refuses with this, the portal leaves the action out. */
export function statusActionRefusal(
  action: StatusAction,
  status: PropertyStatus,
  publishable: Publishable,
): string | null {
  const rule = STATUS_RULES[action];
  if (!(rule.from as readonly string[]).includes(status))
    return `A property that is ${STATUS_LABELS[status]} can't be ${rule.done}.`;
  const missing = action === 'publish' ? stepsRemaining(publishable) : 0;
  if (missing) return `The property can't be published until every step is complete (${missing} remaining).`;
  return null;
}

/** The staff actions that can run on a property now, in menu order. */
export const statusActionsFor = (status: PropertyStatus, publishable: Publishable) =>
  STATUS_ACTIONS.filter((a) => statusActionRefusal(a, status, publishable) === null);

/** Spec §6 feature flags and their defaults. */
export const FEATURE_FLAGS = {
  'supplier-extranet-global-inclusions': true,
  'supplier-extranet-custom-inclusions': true,
  'supplier-extranet-expanded-global-inclusions': false,
  'supplier-extranet-new-auth': false,
} as const;
export type FeatureFlagKey = keyof typeof FEATURE_FLAGS;

/** The attributes of a property that the ability rules read. */
export type PropertyFacts = {
  propertyId: number;
  propertyGroupId: number | null;
  inventoryProvider: string | null;
  ratesServiceEnabled: boolean;
  /** Staff's switches (Admin): whether the property's own users may change its content, and its rates. */
  canManageContent: boolean;
  canManageRates: boolean;
  /** Staff's per-property flag settings (issue 30): key → on or off; a flag absent here follows the user's value. */
  flagOverrides: Record<string, boolean>;
};

/** Where each fact lives: the properties table's column and the GraphQL Property field. Add a fact here and every reader has it. */
const FACT_SOURCES: Record<keyof PropertyFacts, { column: string; field: string }> = {
  propertyId: { column: 'id', field: 'id' },
  propertyGroupId: { column: 'property_group_id', field: 'propertyGroupId' },
  inventoryProvider: { column: 'inventory_provider', field: 'inventoryProvider' },
  ratesServiceEnabled: { column: 'rates_service_enabled', field: 'ratesServiceEnabled' },
  canManageContent: { column: 'can_manage_content', field: 'canManageContent' },
  canManageRates: { column: 'can_manage_rates', field: 'canManageRates' },
  flagOverrides: { column: 'flag_overrides', field: 'flagOverrides' },
};
const FACT_KEYS = Object.keys(FACT_SOURCES) as (keyof PropertyFacts)[];

const normalise = (facts: Record<keyof PropertyFacts, unknown>): PropertyFacts => ({
  propertyId: Number(facts.propertyId),
  propertyGroupId: facts.propertyGroupId == null ? null : Number(facts.propertyGroupId),
  inventoryProvider: (facts.inventoryProvider as string | null) ?? null,
  ratesServiceEnabled: Boolean(facts.ratesServiceEnabled),
  // A property read without them (an older caller) is not locked by them.
  canManageContent: facts.canManageContent !== false,
  canManageRates: facts.canManageRates !== false,
  flagOverrides: flagOverridesOf(facts.flagOverrides),
});

/** Per-property flag settings as stored (a JSON object of booleans); anything else counts as none. */
function flagOverridesOf(value: unknown): Record<string, boolean> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'boolean')) as Record<string, boolean>;
}

/** Flags as they hold at a property: its own settings (staff's per-property targeting, issue 30) over the user's values. */
export const flagsOnProperty = <F extends Record<string, boolean>>(
  flags: F,
  facts: Pick<PropertyFacts, 'flagOverrides'> | null | undefined,
): F => (facts ? { ...flags, ...facts.flagOverrides } : flags);

/** Facts from a properties row (snake_case columns). */
export const factsFromRow = (row: object): PropertyFacts =>
  normalise(
    Object.fromEntries(FACT_KEYS.map((k) => [k, (row as Record<string, unknown>)[FACT_SOURCES[k].column]])) as Record<
      keyof PropertyFacts,
      unknown
    >,
  );

/** Facts from a property as the API returns it (the portal's ManagedProperty). */
export const factsFromProperty = (property: object): PropertyFacts =>
  normalise(
    Object.fromEntries(
      FACT_KEYS.map((k) => [k, (property as Record<string, unknown>)[FACT_SOURCES[k].field]]),
    ) as Record<keyof PropertyFacts, unknown>,
  );

/** SQL selecting the facts as camelCase columns from a properties alias. */
export const factsColumnsSql = (alias: string) =>
  FACT_KEYS.map((k) => `${alias}.${FACT_SOURCES[k].column} as "${k}"`).join(', ');
/** SQL for the facts as one json object (null when the joined property is missing). */
export const factsJsonSql = (alias: string) =>
  `case when ${alias}.id is null then null else json_build_object(${FACT_KEYS.map((k) => `'${k}', ${alias}.${FACT_SOURCES[k].column}`).join(', ')}) end`;
