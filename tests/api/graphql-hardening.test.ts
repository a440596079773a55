import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessCookie } from '../support/as-user';
import { LOGIN, b64 } from '../support/auth-client';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { globalInclusionResource } from '../../resources/inclusions/global-inclusion.resource';
import { customInclusionResource } from '../../resources/inclusions/custom-inclusion.resource';
import { FORM_MESSAGES } from '../../resources/messages';
import { MAX_INPUT_DEPTH, NULL_CHARACTER_MESSAGE, TOO_DEEP_MESSAGE } from '../../server/graphql-input-guards';

/** The smaller holes of issue 14: suggestions, null characters, flags that hid too little or widened too much. */
let app: TestApp;
const cookies: Record<string, string> = {};
const STAFF = 'staff@extranet.example',
  ADMIN = 'admin@harbourview.example';
beforeAll(async () => {
  app = await createTestApp({ env: { ANTISPAM_PROVIDER: 'off' } });
  for (const email of [STAFF, ADMIN]) cookies[email] = await accessCookie(app, email);
});
afterAll(() => app.close());

const call = (
  who: string | null,
  query: string,
  variables?: Record<string, unknown>,
  extra: Record<string, string> = {},
) =>
  app.gql<any>(query, variables, {
    headers: { ...(who ? { cookie: [cookies[who], extra.cookie].filter(Boolean).join('; ') } : {}) },
  });
const setFlag = (key: string, enabled: boolean) =>
  app.db.query(
    'insert into feature_flags (key, enabled) values ($1, $2) on conflict (key) do update set enabled = $2',
    [key, enabled],
  );
const plans = resourceDocuments(ratePlanResource);
const globals = resourceDocuments(globalInclusionResource);
const customs = resourceDocuments(customInclusionResource);

describe('no schema hints', () => {
  it('suggests no enum value, in a literal or in a variable', async () => {
    const literal = await call(
      ADMIN,
      '{ ratePlans(input: { propertyId: 1, sort: NAME_AS }, limit: 5) { totalCount } }',
    );
    const variable = await call(ADMIN, plans.list, { input: { propertyId: 1, sort: 'NAME_AS' }, limit: 5, offset: 0 });
    for (const res of [literal, variable]) {
      expect(res.body.errors?.length).toBeGreaterThan(0);
      for (const e of res.body.errors!) expect(e.message).not.toMatch(/Did you mean|NAME_ASC/);
    }
  });
});

describe('null characters', () => {
  const fieldError = (field: string) => ({
    message: FORM_MESSAGES.couldNotSave,
    extensions: { code: 'BAD_USER_INPUT', fields: { [field]: [NULL_CHARACTER_MESSAGE] } },
  });

  it('are a field error in a sign-in username, a search, a filter and a name, never "Unexpected error."', async () => {
    const login = await call(null, LOGIN, {
      username: b64('admin@harbourview.example\u0000'),
      password: b64('Extranet#2026'),
    });
    expect(login.body.errors?.[0]).toMatchObject(fieldError('username'));
    const search = await call(ADMIN, plans.list, {
      input: { propertyId: 1, filter: { name: 'Best\u0000' } },
      limit: 5,
      offset: 0,
    });
    expect(search.body.errors?.[0]).toMatchObject(fieldError('name'));
    const literal = await call(
      ADMIN,
      '{ ratePlans(input: { propertyId: 1, filter: { name: "Best\\u0000" } }, limit: 5) { totalCount } }',
    );
    expect(literal.body.errors?.[0]).toMatchObject(fieldError('name'));
    const named = await call(STAFF, customs.create, {
      input: { propertyId: 1, values: { name: 'Ferry\u0000', category: 'TRANSPORT' } },
    });
    expect(named.body.errors?.[0]).toMatchObject(fieldError('name'));
    expect(JSON.stringify(app.logs)).not.toContain('Unexpected error');
  });
});

describe('deeply nested input', () => {
  const SAVE = 'mutation SaveRatesCells($input: RatesCellsInput!) { saveRatesCells(input: $input) { count } }';
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const body = (levels: number) => `{"query":${JSON.stringify(SAVE)},"variables":{"input":${nested(levels)}}}`;
  const post = (raw: string) =>
    app.postGraphql({ headers: { 'content-type': 'application/json', cookie: cookies[ADMIN] }, body: raw });

  it('is refused with one error and a log line, 400 on the direct lane and in a batch through Yoga, however deep', async () => {
    for (const levels of [MAX_INPUT_DEPTH + 1, 4_000, 20_000]) {
      const before = app.logs.length;
      const single = await post(body(levels));
      expect(single.status).toBe(400);
      expect((await single.json()).errors).toEqual([
        expect.objectContaining({
          message: TOO_DEEP_MESSAGE,
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
        }),
      ]);
      // A batch answers each member on its own (Yoga's batches are 200 with a result per member).
      const batch = await post(`[${body(levels)}]`);
      expect(JSON.stringify(await batch.json())).toContain(TOO_DEEP_MESSAGE);
      const lines = app.logs.slice(before).filter((l) => l.msg === 'Input refused: nested too deep');
      expect(lines).toHaveLength(2);
      expect(lines[0].correlationId).toEqual(expect.any(String));
    }
    // Input as deep as real inputs go still reaches the schema's own checks.
    const shallow = await post(body(3));
    expect(shallow.status).toBe(200);
    expect(JSON.stringify(await shallow.json())).not.toContain(TOO_DEEP_MESSAGE);
  });
});

describe('flags hide on every path, and /vip widens nothing on the server', () => {
  it('answers a hidden (expanded, flag off) global inclusion by id like a missing one', async () => {
    const [hidden] = await app.db.query<{ id: string }>(
      "select id::text from resource_rows where resource = 'global-inclusions' and (data->>'expanded')::boolean limit 1",
    );
    const res = await call(ADMIN, globals.one, { id: hidden.id });
    expect(res.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    await setFlag('supplier-extranet-expanded-global-inclusions', true);
    try {
      expect((await call(ADMIN, globals.one, { id: hidden.id })).body.data?.globalInclusion.id).toBe(hidden.id);
    } finally {
      await setFlag('supplier-extranet-expanded-global-inclusions', false);
    }
  });

  it('lists no custom inclusion names on rate plans while the custom-inclusions flag is off', async () => {
    const kinds = async () =>
      (
        await call(ADMIN, plans.list, { input: { propertyId: 1 }, limit: 100, offset: 0 })
      ).body.data.ratePlans.nodes.flatMap((n: any) => n.assignedInclusions.map((a: any) => a.kind));
    expect(await kinds()).toContain('CustomInclusion');
    await setFlag('supplier-extranet-custom-inclusions', false);
    try {
      expect(await kinds()).not.toContain('CustomInclusion');
    } finally {
      await setFlag('supplier-extranet-custom-inclusions', true);
    }
  });

  it('/vip shows every flag in the portal but lets nobody do what the flags forbid', async () => {
    await setFlag('supplier-extranet-custom-inclusions', false);
    try {
      const vip = { cookie: 'enableAllFeatures=true' };
      const flags = await call(STAFF, '{ viewer { featureFlags { key enabled } } }', undefined, vip);
      expect(flags.body.data.viewer.featureFlags).toContainEqual({
        key: 'supplier-extranet-custom-inclusions',
        enabled: true,
      });
      const create = await call(
        STAFF,
        customs.create,
        { input: { propertyId: 1, values: { name: 'VIP ferry', category: 'TRANSPORT' } } },
        vip,
      );
      expect(create.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const [hidden] = await app.db.query<{ id: string }>(
        "select id::text from resource_rows where resource = 'global-inclusions' and (data->>'expanded')::boolean limit 1",
      );
      expect((await call(ADMIN, globals.one, { id: hidden.id }, vip)).body.errors?.[0].extensions?.code).toBe(
        'NOT_FOUND',
      );
    } finally {
      await setFlag('supplier-extranet-custom-inclusions', true);
    }
  });
});

describe('failures the client cannot see the cause of', () => {
  it('logs a 500 with its correlation id and the cause', async () => {
    const broken = await createTestApp({ seed: false });
    try {
      await broken.db.query(
        "insert into users (email, first_name, last_name) values ('gone@example.com', 'Gone', 'Away')",
      );
      const cookie = await accessCookie(broken, 'gone@example.com');
      await broken.db.close(); // the database is gone under a live server
      const res = await broken.gql('{ ping }', undefined, {
        headers: { cookie, 'x-correlation-id': 'corr-500-test-0001' },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(JSON.stringify(res.body)).not.toMatch(/closed|PGlite|pool/i);
      const lines = broken.logs.filter((l) => l.correlationId === 'corr-500-test-0001');
      expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['Request failed']));
      // And the cause, on its own line with the same id (PGlite: "PGlite is closed"; pg: "Cannot use a pool after calling end").
      expect(
        lines.some(
          (l) =>
            l.level === 'error' && /closed|after calling end/i.test(String((l.err as { message?: string })?.message)),
        ),
      ).toBe(true);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
