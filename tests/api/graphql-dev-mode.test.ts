import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ seed: false, env: { NODE_ENV: 'development' } });
});
afterAll(() => app.close());

it('offers introspection and GraphiQL outside production', async () => {
  const { body } = await app.gql<{ __schema: { queryType: { name: string } } }>('{ __schema { queryType { name } } }');
  expect(body.data?.__schema.queryType.name).toBe('Query');
  const page = await app.yoga.fetch('http://localhost/graphql', { headers: { accept: 'text/html' } });
  expect(await page.text()).toMatch(/graphiql/i);
});
