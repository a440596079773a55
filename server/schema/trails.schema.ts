import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { inputSdlFromZod } from './zod-input-sdl';
import { authorizeProperty, notFound } from '../auth/authorize';
import { checkPage } from '../page-args';
import { parseTrailFilter, propertyTrail, trailActors } from '../trails/trail-query';
import { trailBatchCells } from '../trails/trail-cells';
import { isRevertable, revertChange } from '../trails/revert-change';
import type { HistoryRecord } from '../trails/trail-query';
import { loadSettings, savePropertySettings } from '../properties/property-settings';
import { createPropertyFromPortal } from '../properties/create-property';
import type { ResourceRuntime } from '../resources/resource-operations';
import { trailFilterSchema } from '../../resources/trails/trail-rules';
import { settingsSchema } from '../../resources/properties/property-settings';
import { newPropertySchema } from '../../resources/properties/new-property';

const MAX_PAGE = 100;

const SDL = [
  inputSdlFromZod('TrailFilterInput', trailFilterSchema, {
    description:
      "Trails' filter: a section, a person (user:<id>, key:<id> or operator), the property's days, one record.",
    names: { section: 'TrailSection' },
  }),
  inputSdlFromZod('PropertySettingsInput', settingsSchema, {
    names: { inventoryProvider: 'InventoryProvider' },
    declaredElsewhere: ['InventoryProvider'],
  }),
  inputSdlFromZod('NewPropertyInput', newPropertySchema, {
    names: { inventoryProvider: 'InventoryProvider', status: 'PropertyStatus' },
    declaredElsewhere: ['InventoryProvider', 'PropertyStatus'],
  }),
].join('\n');

/**
 * Trails and Admin (issue 29), staff only: a property's change history in one format, filtered,
 * paged and revertable; its settings; and a new property made from the portal. Built with the
 * resource runtimes, whose own save paths a revert runs.
 */
export function trailsSchema(runtimes: ResourceRuntime[]): SchemaModule {
  return {
    typeDefs: /* GraphQL */ `
      ${SDL}
      enum HistoryActorKind { USER API_KEY OPERATOR }
      type HistoryActor { kind: HistoryActorKind!, id: ID, name: String!, email: String, role: Role }
      type TrailSectionRef { key: String!, label: String! }
      type HistoryChange { field: String!, before: JSON, after: JSON }
      type TrailBatch { id: ID!, roomTypeId: ID!, cellCount: Int!, undone: Boolean! }
      type HistoryRecord {
        id: ID!, at: String!, actor: HistoryActor!, correlationId: String, section: TrailSectionRef!
        subjectType: String!, subjectId: String, label: String!, action: String!, changes: [HistoryChange!]!
        "The change this one reverted, and the change that reverted this one."
        revertsId: ID, revertedById: ID
        "A rates save, bulk update or undo: its batch (expand it with trailBatchCells; undo it with undoRatesBatch)."
        batch: TrailBatch
        "Whether revertChange may put this change back (rates batches use their own undo)."
        revertable: Boolean!
      }
      type HistoryPage { nodes: [HistoryRecord!]!, totalCount: Int! }
      type TrailActor { key: String!, name: String!, email: String }
      type TrailCell { ratePlanName: String!, date: String!, field: String!, before: String, after: String }
      type PropertySettings {
        name: String!, inventoryProvider: InventoryProvider, ratesServiceEnabled: Boolean!, ratePlansServiceEnabled: Boolean!
        canManageContent: Boolean!, canManageRates: Boolean!, currencyCode: String!, exchangeRate: Float
        previousPropertyId: Int, propertyGroupId: Int
      }
      type PropertyGroupOption { id: Int!, name: String! }
      type PropertySettingsState { version: Int!, values: PropertySettings!, fxUpdatedAt: String, groups: [PropertyGroupOption!]! }
      input SavePropertySettingsInput { propertyId: Int!, version: Int!, values: PropertySettingsInput! }
      extend type Query {
        "A property's changes, newest first, filtered: every write leaves one record (staff only)."
        propertyHistory(propertyId: Int!, filter: TrailFilterInput, limit: Int = 50, offset: Int = 0): HistoryPage!
        "Who has changed the property (users, booking systems, the operator): the person filter's choices."
        trailActors(propertyId: Int!): [TrailActor!]!
        trailBatchCells(propertyId: Int!, batchId: ID!): [TrailCell!]!
        propertySettings(propertyId: Int!): PropertySettingsState!
      }
      extend type Mutation {
        "Writes one change's before-values back through the record's own save; STALE when it has changed since."
        revertChange(propertyId: Int!, historyId: ID!, confirm: Boolean): HistoryRecord
        savePropertySettings(input: SavePropertySettingsInput!): PropertySettingsState!
        createProperty(input: NewPropertyInput!): Property!
      }
    `,
    resolvers: {
      HistoryRecord: { revertable: (r: HistoryRecord) => isRevertable(r, runtimes) },
      Query: {
        propertyHistory: async (
          _p: unknown,
          a: { propertyId: number; filter?: unknown; limit: number; offset: number },
          ctx: AppContext,
        ) => {
          const facts = await authorizeProperty(ctx, a.propertyId, 'read', 'Trails');
          checkPage(a.limit, a.offset, MAX_PAGE);
          return propertyTrail(ctx.db, facts.propertyId, parseTrailFilter(a.filter), {
            limit: a.limit,
            offset: a.offset,
          });
        },
        trailActors: async (_p: unknown, a: { propertyId: number }, ctx: AppContext) =>
          trailActors(ctx.db, (await authorizeProperty(ctx, a.propertyId, 'read', 'Trails')).propertyId),
        trailBatchCells: async (_p: unknown, a: { propertyId: number; batchId: string }, ctx: AppContext) =>
          trailBatchCells(ctx.db, (await authorizeProperty(ctx, a.propertyId, 'read', 'Trails')).propertyId, a.batchId),
        propertySettings: async (_p: unknown, a: { propertyId: number }, ctx: AppContext) =>
          settingsState(ctx, (await authorizeProperty(ctx, a.propertyId, 'read', 'Admin')).propertyId),
      },
      Mutation: {
        revertChange: (_p: unknown, a: { propertyId: number; historyId: string; confirm?: boolean }, ctx: AppContext) =>
          revertChange(ctx, runtimes, a),
        savePropertySettings: async (_p: unknown, { input }: { input: unknown }, ctx: AppContext) => {
          const saved = await savePropertySettings(ctx, input);
          return settingsState(ctx, saved.property!.id);
        },
        createProperty: (_p: unknown, { input }: { input: unknown }, ctx: AppContext) =>
          createPropertyFromPortal(ctx, input),
      },
    },
  };
}

async function settingsState(ctx: AppContext, propertyId: number) {
  const [settings, groups, [fx]] = await Promise.all([
    loadSettings(ctx.db, propertyId),
    ctx.db.query<{ id: number; name: string }>('select id, name from property_groups order by name, id limit 1000'),
    ctx.db.query<{ updated_at: Date }>(
      'select fx.updated_at from properties p join fx_rates fx on fx.currency_code = p.currency_code where p.id = $1',
      [propertyId],
    ),
  ]);
  if (!settings) throw notFound();
  return { ...settings, fxUpdatedAt: fx ? new Date(fx.updated_at).toISOString() : null, groups };
}
