import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { checkPropertyId, requireStaffAbility } from '../auth/authorize';
import { latestGoLive, requestGoLive, returnGoLive, waitingGoLives } from '../go-live/go-live';
import {
  approveNameChange,
  declineNameChange,
  latestNameChange,
  requestNameChange,
  waitingNameChanges,
} from '../property-requests/name-change';
import type { PropertyRequestRow } from '../property-requests/property-requests';
import type { PropertyRow } from '../properties/property-repo';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The fields a go-live request and a name change share, read off one property_requests row. */
const requestFields = {
  propertyId: (r: PropertyRequestRow) => r.property_id,
  propertyName: (r: PropertyRequestRow & { property_name?: string }) => r.property_name ?? null,
  requestedAt: (r: PropertyRequestRow) => iso(r.requested_at),
  requestedBy: (r: PropertyRequestRow) => r.requester_name ?? r.requester_email,
  decidedAt: (r: PropertyRequestRow) => iso(r.decided_at),
};

/** Staff's worklists; everyone else gets the same NOT_FOUND as for something that isn't there. */
async function staffWorklist<T>(ctx: AppContext, subject: 'GoLive' | 'NameChange', load: () => Promise<T>) {
  await requireStaffAbility(ctx, 'update', subject);
  return load();
}

/** Requests a hotel makes of staff (issue 25): go-live, and a new name; each property's latest, staff's worklists, asking and deciding. */
export const propertyRequestsSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum GoLiveOutcome { PUBLISHED RETURNED }
    type GoLiveRequest {
      id: Int!, propertyId: Int!, propertyName: String, requestedAt: String!, requestedBy: String
      decidedAt: String, outcome: GoLiveOutcome, reason: String
    }
    enum NameChangeOutcome { RENAMED DECLINED }
    type NameChangeRequest {
      id: Int!, propertyId: Int!, propertyName: String, requestedAt: String!, requestedBy: String
      "The name asked for, and the hotel's note on why."
      proposedName: String!, note: String
      decidedAt: String, outcome: NameChangeOutcome, reason: String
    }
    input NameChangeInput { name: String!, note: String! }
    extend type Property {
      "The latest go-live request, open (no outcome yet) or decided."
      goLive: GoLiveRequest
      "The latest request for a new name, open (no outcome yet) or decided."
      nameChange: NameChangeRequest
    }
    extend type Query {
      "Staff's worklist: every open go-live request, oldest first."
      goLiveRequests: [GoLiveRequest!]!
      "Staff's worklist: every open name change, oldest first."
      nameChangeRequests: [NameChangeRequest!]!
    }
    extend type Mutation {
      requestGoLive(propertyId: Int!): Property!
      returnGoLive(propertyId: Int!, reason: String!): Property!
      requestNameChange(propertyId: Int!, input: NameChangeInput!): Property!
      approveNameChange(propertyId: Int!): Property!
      declineNameChange(propertyId: Int!, reason: String!): Property!
    }
  `,
  resolvers: {
    GoLiveRequest: requestFields,
    NameChangeRequest: { ...requestFields, proposedName: (r: PropertyRequestRow) => r.proposed_name },
    Property: {
      goLive: (p: PropertyRow, _a: unknown, ctx: AppContext) => latestGoLive(ctx.db, p.id),
      nameChange: (p: PropertyRow, _a: unknown, ctx: AppContext) => latestNameChange(ctx.db, p.id),
    },
    Query: {
      goLiveRequests: (_p: unknown, _a: unknown, ctx: AppContext) =>
        staffWorklist(ctx, 'GoLive', () => waitingGoLives(ctx.db)),
      nameChangeRequests: (_p: unknown, _a: unknown, ctx: AppContext) =>
        staffWorklist(ctx, 'NameChange', () => waitingNameChanges(ctx.db)),
    },
    Mutation: {
      requestGoLive: (_p: unknown, { propertyId }: { propertyId: number }, ctx: AppContext) =>
        requestGoLive(ctx, checkPropertyId(propertyId)),
      returnGoLive: (_p: unknown, a: { propertyId: number; reason: string }, ctx: AppContext) =>
        returnGoLive(ctx, checkPropertyId(a.propertyId), a.reason),
      requestNameChange: (_p: unknown, a: { propertyId: number; input: unknown }, ctx: AppContext) =>
        requestNameChange(ctx, checkPropertyId(a.propertyId), a.input),
      approveNameChange: (_p: unknown, { propertyId }: { propertyId: number }, ctx: AppContext) =>
        approveNameChange(ctx, checkPropertyId(propertyId)),
      declineNameChange: (_p: unknown, a: { propertyId: number; reason: string }, ctx: AppContext) =>
        declineNameChange(ctx, checkPropertyId(a.propertyId), a.reason),
    },
  },
};
