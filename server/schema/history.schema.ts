import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { authorizeProperty } from '../auth/authorize';
import { checkPage } from '../page-args';
import { propertyHistory } from '../commands/property-history';

const MAX_PAGE = 100;

/** A property's change history in one format (server/commands): what Trails lists, for staff (spec §6). */
export const historySchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum HistoryActorKind { USER API_KEY OPERATOR }
    type HistoryActor { kind: HistoryActorKind!, id: ID, name: String! }
    type HistoryChange { field: String!, before: JSON, after: JSON }
    type HistoryRecord {
      id: ID!, at: String!, actor: HistoryActor!, correlationId: String
      subjectType: String!, subjectId: String, label: String!, action: String!, changes: [HistoryChange!]!
    }
    type HistoryPage { nodes: [HistoryRecord!]!, totalCount: Int! }
    extend type Query {
      "A property's changes, newest first: every write leaves one record (staff only)."
      propertyHistory(propertyId: Int!, limit: Int = 50, offset: Int = 0): HistoryPage!
    }
  `,
  resolvers: {
    Query: {
      propertyHistory: async (
        _p: unknown,
        a: { propertyId: number; limit: number; offset: number },
        ctx: AppContext,
      ) => {
        const facts = await authorizeProperty(ctx, a.propertyId, 'read', 'Trails');
        checkPage(a.limit, a.offset, MAX_PAGE);
        return propertyHistory(ctx.db, facts.propertyId, { limit: a.limit, offset: a.offset });
      },
    },
  },
};
