import type { SchemaModule } from './schema-module';
import type { AppContext, Viewer } from '../context';
import { abilityFor, canOnProperty, checkPropertyAccess, checkPropertyId } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import {
  contactOf,
  factsOf,
  fullProperty,
  loadProperty,
  publishableFor,
  type ContactRow,
  type PropertyRow,
} from '../properties/property-repo';
import { findProperties, propertyExtras, type FinderArgs } from '../properties/property-finder';
import { DEFAULT_PROPERTY_SORT, PROPERTY_SORTS } from '../../resources/properties/property-finder';
import { INVENTORY_PROVIDERS, PROPERTY_STATUSES, PUBLISHABLE_KEYS } from '../../resources/domain';
import { userError } from '../errors';

const MAX_PAGE = 50;

/** Spec §3 Property and §7 ManageProperty, PropertyHeaderItems and the status mutations. */
export const propertySchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum PropertyStatus { ${[...PROPERTY_STATUSES].sort().join(' ')} }
    enum InventoryProvider { ${INVENTORY_PROVIDERS.join(' ')} }
    enum PropertySort { ${PROPERTY_SORTS.join(' ')} }
    type Publishable { ${[...PUBLISHABLE_KEYS]
      .sort()
      .map((k) => `${k}: Boolean!`)
      .join(', ')} }
    type Fx { currencyCode: String!, exchangeRate: Float!, updatedAt: String! }
    type PropertyUser { id: ID!, email: String!, isMigrated: Boolean! }
    type Contact { id: ID!, name: String!, position: String, email: String!, phone: String!, confirmationEmails: Boolean, vccInEmail: Boolean, version: Int! }
    type Property {
      id: Int!, uuid: ID!, name: String!, status: PropertyStatus!, previousPropertyId: Int, suburb: String, country: String
      currencyCode: String!, foreignCurrency: Boolean!, fx: Fx
      canManageContent: Boolean!, canManageRates: Boolean!, ratesServiceEnabled: Boolean!, ratePlansServiceEnabled: Boolean!
      user: PropertyUser, billingContact: Contact, primaryContact: Contact, reservationsContact: Contact
      publishable: Publishable!, inventoryProvider: InventoryProvider, propertyGroupId: Int
      "The property's group, by name (staff's finder)."
      groupName: String
      "The property's last recorded change: when, and who (null: an operator or the booking system)."
      lastChange: PropertyChange
      "The status Delete or Archive took an archived property from: where Restore takes it back."
      archivedFrom: PropertyStatus
      "Staff's feature flag settings for this property (issue 30): key → on or off; a flag absent follows the user's value."
      flagOverrides: JSON!
    }
    type PropertyChange { at: String!, actor: String }
    type Pagination { count: Int!, totalCount: Int!, page: Int!, limit: Int!, offset: Int! }
    type PropertyPage { nodes: [Property!]!, pagination: Pagination! }
    type Membership { role: Role!, propertyId: Int, propertyGroupId: Int }
    extend type Viewer {
      memberships: [Membership!]!
      property(id: Int!): Property!
      "Properties the viewer may open: search matches name, suburb or ID; filtered by status and provider; sorted; paged."
      properties(search: String, statuses: [PropertyStatus!], provider: InventoryProvider, attention: WorklistKey, sort: PropertySort = ${DEFAULT_PROPERTY_SORT}, limit: Int = 20, offset: Int = 0): PropertyPage!
    }
  `,
  resolvers: {
    Viewer: {
      memberships: async (v: Viewer, _a: unknown, ctx: AppContext) =>
        v.memberships ??
        ctx.db.query(
          'select role, property_id as "propertyId", property_group_id as "propertyGroupId" from live_memberships where user_id = $1 order by id',
          [v.id],
        ),
      property: async (_v: Viewer, { id }: { id: number }, ctx: AppContext) => {
        requireActiveViewer(ctx);
        const row = await loadProperty(ctx.db, checkPropertyId(id));
        await checkPropertyAccess(ctx, row && factsOf(row), 'read');
        return row;
      },
      properties: async (_v: Viewer, args: FinderArgs & { limit: number; offset: number }, ctx: AppContext) => {
        const viewer = requireActiveViewer(ctx);
        const { limit, offset } = page(args.limit, args.offset);
        const { nodes, total } = await findProperties(ctx.db, viewer, { ...args, limit, offset });
        return { nodes, pagination: pagination(nodes.length, total, limit, offset) };
      },
    },
    Property: {
      previousPropertyId: async (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        (await abilityFor(ctx)).can('access', 'PreviousProperty') ? p.previous_property_id : null,
      currencyCode: (p: PropertyRow) => p.currency_code,
      foreignCurrency: (p: PropertyRow) => p.currency_code !== 'AUD',
      fx: (p: PropertyRow) =>
        p.exchange_rate == null
          ? null
          : {
              currencyCode: p.currency_code,
              exchangeRate: Number(p.exchange_rate),
              updatedAt: new Date(p.fx_updated_at!).toISOString(),
            },
      canManageContent: async (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        p.can_manage_content && canOnProperty(ctx, factsOf(p), 'update', 'Property'),
      canManageRates: async (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        p.can_manage_rates && canOnProperty(ctx, factsOf(p), 'update', 'RatesInventory'),
      ratesServiceEnabled: (p: PropertyRow) => p.rates_service_enabled,
      ratePlansServiceEnabled: (p: PropertyRow) => p.rate_plans_service_enabled,
      user: async (p: PropertyRow, _a: unknown, ctx: AppContext) => {
        return (await fullProperty(ctx.db, ctx, p))?.owner ?? null;
      },
      billingContact: async (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        contactOf((await fullProperty(ctx.db, ctx, p))!, 'BILLING'),
      primaryContact: async (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        contactOf((await fullProperty(ctx.db, ctx, p))!, 'PRIMARY'),
      reservationsContact: async (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        contactOf((await fullProperty(ctx.db, ctx, p))!, 'RESERVATION'),
      publishable: (p: PropertyRow, _a: unknown, ctx: AppContext) => publishableFor(ctx.db, p, ctx),
      inventoryProvider: (p: PropertyRow) => p.inventory_provider,
      propertyGroupId: (p: PropertyRow) => p.property_group_id,
      archivedFrom: (p: PropertyRow) => p.archived_from,
      flagOverrides: (p: PropertyRow) => p.flag_overrides ?? {},
      groupName: (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        propertyExtras(ctx.db, ctx, p).then((x) => x.groupName),
      lastChange: (p: PropertyRow, _a: unknown, ctx: AppContext) =>
        propertyExtras(ctx.db, ctx, p).then((x) => x.lastChange),
    },
    Contact: {
      confirmationEmails: (c: ContactRow) => c.confirmation_emails,
      vccInEmail: (c: ContactRow) => c.vcc_in_email,
    },
  },
};

export function page(limit: number, offset: number) {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    throw userError(`limit must be between 1 and ${MAX_PAGE}.`, 'BAD_USER_INPUT');
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000)
    throw userError('offset must be 0 or more.', 'BAD_USER_INPUT');
  return { limit, offset };
}

export function pagination(count: number, totalCount: number, limit: number, offset: number) {
  return { count, totalCount, page: Math.floor(offset / limit) + 1, limit, offset };
}
