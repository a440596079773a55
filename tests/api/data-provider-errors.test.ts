import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import gql from 'graphql-tag';
import { createGraphqlClient } from '../../providers/graphql-client';
import { createPortalDataProvider } from '../../providers/data-provider';
import { userError } from '../../server/errors';
import { schemaModules } from '../../server/schema';
import { createTestApp, type TestApp } from '../support/test-app';

const failing = {
  typeDefs: `
    extend type Query { secret(id: ID!): String }
    input ThingInput { name: String, phone: String }
    input CreateThingInput { values: ThingInput }
    extend type Mutation { saveThing(input: CreateThingInput!): String }`,
  resolvers: {
    Query: {
      secret: () => {
        throw userError('You are not signed in.', 'UNAUTHENTICATED');
      },
    },
    Mutation: {
      saveThing: () => {
        throw userError("Couldn't save changes.", 'BAD_USER_INPUT', {
          name: ['Enter a name'],
          phone: ['Phone number must be 25 characters or less'],
        });
      },
    },
  },
};

let app: TestApp;
let provider: ReturnType<typeof createPortalDataProvider>;
beforeAll(async () => {
  app = await createTestApp({ seed: false, modules: [...schemaModules, failing] });
  const fetchViaYoga = (async (input: RequestInfo | URL, init?: RequestInit) =>
    app.yoga.fetch(new URL(String(input)), init ?? {})) as typeof fetch;
  provider = createPortalDataProvider(createGraphqlClient({ url: 'http://localhost/graphql', fetch: fetchViaYoga }));
});
afterAll(() => app.close());

describe('data provider errors', () => {
  it('keeps UNAUTHENTICATED as a 401 with its code', async () => {
    const error = await provider
      .getOne({ resource: 'secrets', id: 1, meta: { gqlQuery: gql`query Secret($id: ID!) { secret(id: $id) }` } })
      .catch((e) => e);
    expect(error).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'You are not signed in.' });
  });

  it('keeps field errors so antd shows them under the fields', async () => {
    const error = await provider
      .create({
        resource: 'things',
        variables: { name: '', phone: 'x'.repeat(26) },
        meta: { gqlMutation: gql`mutation Save($input: CreateThingInput!) { saveThing(input: $input) }` },
      })
      .catch((e) => e);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'BAD_USER_INPUT',
      message: "Couldn't save changes.",
      errors: { name: ['Enter a name'], phone: ['Phone number must be 25 characters or less'] },
    });
  });
});
