import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { abilityFor, checkPropertyId } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import { userError } from '../errors';
import { latestGoLive, requestGoLive, returnGoLive, waitingGoLives, type GoLiveRow } from '../go-live/go-live';
import type { PropertyRow } from '../properties/property-repo';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Go-live requests (issue 25): the property's latest, staff's worklist, and asking and sending back. */
export const goLiveSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum GoLiveOutcome { PUBLISHED RETURNED }
    type GoLiveRequest {
      id: Int!, propertyId: Int!, propertyName: String, requestedAt: String!, requestedBy: String
      decidedAt: String, outcome: GoLiveOutcome, reason: String
    }
    extend type Property {
      "The latest go-live request, open (no outcome yet) or decided."
      goLive: GoLiveRequest
    }
    extend type Query {
      "Staff's worklist: every open go-live request, oldest first."
      goLiveRequests: [GoLiveRequest!]!
    }
    extend type Mutation {
      requestGoLive(propertyId: Int!): Property!
      returnGoLive(propertyId: Int!, reason: String!): Property!
    }
  `,
  resolvers: {
    GoLiveRequest: {
      propertyId: (r: GoLiveRow) => r.property_id,
      propertyName: (r: GoLiveRow & { property_name?: string }) => r.property_name ?? null,
      requestedAt: (r: GoLiveRow) => iso(r.requested_at),
      requestedBy: (r: GoLiveRow) => r.requester_name ?? r.requester_email,
      decidedAt: (r: GoLiveRow) => iso(r.decided_at),
    },
    Property: {
      goLive: (p: PropertyRow, _a: unknown, ctx: AppContext) => latestGoLive(ctx.db, p.id),
    },
    Query: {
      goLiveRequests: async (_p: unknown, _a: unknown, ctx: AppContext) => {
        requireActiveViewer(ctx);
        if ((await abilityFor(ctx)).cannot('update', 'GoLive')) throw userError('Not found.', 'NOT_FOUND');
        return waitingGoLives(ctx.db);
      },
    },
    Mutation: {
      requestGoLive: (_p: unknown, { propertyId }: { propertyId: number }, ctx: AppContext) =>
        requestGoLive(ctx, checkPropertyId(propertyId)),
      returnGoLive: (_p: unknown, a: { propertyId: number; reason: string }, ctx: AppContext) =>
        returnGoLive(ctx, checkPropertyId(a.propertyId), a.reason),
    },
  },
};
