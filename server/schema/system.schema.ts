import type { SchemaModule } from './schema-module';

/** Liveness probes for clients and monitors: cheap, public, no data. */
export const systemSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      "Answers 'pong'; used to check the API and the WebSocket path."
      ping: String!
    }
    type Mutation {
      "Answers 'pong' as a mutation; proves the mutation path is alive."
      ping: String!
    }
    type Subscription {
      "Emits 'pong' once, then completes."
      ping: String!
    }
  `,
  resolvers: {
    Query: { ping: () => 'pong' },
    Mutation: { ping: () => 'pong' },
    Subscription: {
      ping: {
        subscribe: async function* () {
          yield { ping: 'pong' };
        },
      },
    },
  },
};
