import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { checkPropertyId, requireStaffAbility } from '../auth/authorize';
import { propertyHasData, runStatusAction, type StatusActionArgs } from '../properties/status-actions';
import { bulkStatusChange, bulkStatusPreview } from '../properties/bulk-status';
import type { PropertyRow } from '../properties/property-repo';
import {
  BULK_STATUS_ACTIONS,
  hardDeletable,
  STATUS_ACTIONS,
  type BulkStatusAction,
  type PropertyStatus,
} from '../../resources/domain';
import type { FinderArgs } from '../properties/property-finder';

/** Spec §4's status mutations, with issue 30's reason, Restore, the named hard delete and the bulk change. */
export const propertyStatusSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum BulkStatusAction { ${BULK_STATUS_ACTIONS.join(' ')} }
    "A property in a bulk status change: refusal says why it is (or would be) left as it is."
    type BulkStatusItem { id: Int!, name: String!, status: String!, refusal: String }
    type BulkStatusResult { done: [BulkStatusItem!]!, refused: [BulkStatusItem!]! }
    extend type Property {
      "Staff only: whether Delete removes the property for good (a Prospective one with no data) rather than archiving it."
      hardDeletable: Boolean!
    }
    extend type Query {
      "Staff only: what a bulk status change over the finder's filter would do, property by property (at most 200)."
      bulkStatusPreview(action: BulkStatusAction!, search: String, statuses: [PropertyStatus!], provider: InventoryProvider, attention: WorklistKey): [BulkStatusItem!]!
    }
    extend type Mutation {
      "reason (3 to 500 characters) is kept in the history; the portal always asks for one."
      publishProperty(id: Int!, reason: String): Property!
      unpublishProperty(id: Int!, reason: String): Property!
      archiveProperty(id: Int!, reason: String): Property!
      "Archives a property that holds data (Restore brings it back); a Prospective one with none goes for good when confirmName is its name."
      deleteProperty(id: Int!, reason: String, confirmName: String): Property!
      "Takes an archived property back to the status it was archived from."
      restoreProperty(id: Int!, reason: String): Property!
      "Staff only: one status change over the properties a preview listed, each in its own command and history record."
      bulkStatusChange(action: BulkStatusAction!, ids: [Int!]!, reason: String!): BulkStatusResult!
    }
  `,
  resolvers: {
    Property: {
      hardDeletable: async (p: PropertyRow, _a: unknown, ctx: AppContext) => {
        await requireStaffAbility(ctx, 'update', 'PropertyStatus');
        return hardDeletable(p.status as PropertyStatus, await propertyHasData(ctx.db, p.id));
      },
    },
    Query: {
      bulkStatusPreview: (
        _p: unknown,
        { action, ...filter }: { action: BulkStatusAction } & Omit<FinderArgs, 'limit' | 'offset'>,
        ctx: AppContext,
      ) => bulkStatusPreview(ctx, action, filter),
    },
    Mutation: {
      ...Object.fromEntries(
        STATUS_ACTIONS.map((action) => [
          `${action}Property`,
          (_p: unknown, { id, ...args }: { id: number } & StatusActionArgs, ctx: AppContext) =>
            runStatusAction(ctx, action, checkPropertyId(id), args),
        ]),
      ),
      bulkStatusChange: (
        _p: unknown,
        { action, ids, reason }: { action: BulkStatusAction; ids: number[]; reason: string },
        ctx: AppContext,
      ) => bulkStatusChange(ctx, action, ids, reason),
    },
  },
};
