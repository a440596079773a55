import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { AuthClient, LOGIN, VALIDATE, VIEWER, b64, latestCode, mailsTo } from '../support/auth-client';
import { asUser } from '../support/as-user';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { testDbKind } from '../support/test-db';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ADMIN = 'admin@harbourview.example';

describe(`sign-in with an emailed code (${testDbKind})`, () => {
  it('goes password → MFA_REQUIRED → code → session cookies → viewer', async () => {
    const c = new AuthClient(app);
    const first = await c.login('Admin@HarbourView.example', DEMO_PASSWORD);
    expect(first.body).toEqual({
      data: {
        login: {
          success: true,
          authFlow: 'MFA_REQUIRED',
          challengeName: 'EMAIL_OTP',
          challengeParameters: { codeDeliveryDeliveryMedium: 'EMAIL', codeDeliveryDestination: 'a***@h***.example' },
        },
      },
    });
    expect(c.cookies.get('mfa_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true });
    const code = await latestCode(app, ADMIN);
    expect(code).toMatch(/^\d{6}$/);
    const done = await c.submitCode(ADMIN, code);
    expect(done.body).toEqual({ data: { mfaCode: { success: true, authFlow: 'USER_PASSWORD' } } });
    expect(c.cookies.get('access_token')).toMatchObject({ httpOnly: true, secure: true });
    expect(c.cookies.get('refresh_token')).toMatchObject({ httpOnly: true, secure: true });
    // new-auth is off: the page may read the id token to send it as a bearer.
    expect(c.cookies.get('id_token')).toMatchObject({ httpOnly: false, secure: true });
    expect(c.cookies.has('mfa_session')).toBe(false);
    const me = await c.gql(VIEWER);
    expect(me.body.data?.viewer).toMatchObject({
      attributes: { role: 'property_admin', propertyGroupId: null },
      user: { email: ADMIN, isStaff: false },
    });
  });

  it('accepts the ID token as a bearer without cookies', async () => {
    const c = await asUser(app, ADMIN, { password: DEMO_PASSWORD, fresh: true });
    const bare = new AuthClient(app, { authorization: `Bearer ${c.cookies.get('id_token')!.value}` });
    expect((await bare.gql(VIEWER)).body.data?.viewer.user.email).toBe(ADMIN);
    const asBearer = new AuthClient(app, { authorization: `Bearer ${c.cookies.get('access_token')!.value}` });
    expect((await asBearer.gql(VIEWER)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('lists identity attributes as name/value pairs', async () => {
    const c = await asUser(app, ADMIN, { password: DEMO_PASSWORD, fresh: true });
    const res = await c.gql('query CurrentUser { currentUser { cognitoAttributes } }');
    const attrs = res.body.data?.currentUser.cognitoAttributes as { name: string; value: string }[];
    expect(attrs).toEqual(
      expect.arrayContaining([
        { name: 'email', value: ADMIN },
        { name: 'given_name', value: 'Ava' },
        { name: 'email_verified', value: 'true' },
      ]),
    );
  });

  it('makes the id token HttpOnly when the new-auth flag is on', async () => {
    await app.db.query("update feature_flags set enabled = true where key = 'supplier-extranet-new-auth'");
    try {
      const c = await asUser(app, ADMIN, { password: DEMO_PASSWORD, fresh: true });
      expect(c.cookies.get('id_token')?.httpOnly).toBe(true);
    } finally {
      await app.db.query("update feature_flags set enabled = false where key = 'supplier-extranet-new-auth'");
    }
  });
});

describe('anti-spam before credentials', () => {
  const failures = async (email: string) =>
    (await app.db.query<{ failures: number }>('select failures from login_throttle where email = $1', [email]))[0]
      ?.failures ?? 0;

  it('refuses a sign-in without a pass, and checks no credential', async () => {
    const c = new AuthClient(app);
    const res = await c.login('editor@harbourview.example', 'wrong-password', false);
    expect(res.body.errors?.[0].extensions?.code).toBe('AntiSpamVerificationFailed');
    expect(await failures('editor@harbourview.example')).toBe(0);
  });

  it('refuses a reused, wrong-action, expired or forged token', async () => {
    const c = new AuthClient(app);
    const token = await c.solve('login');
    expect((await c.gql(VALIDATE, { token })).body.data?.validateToken).toEqual({ success: true, errorCodes: [] });
    expect((await c.gql(VALIDATE, { token })).body.data?.validateToken).toEqual({
      success: false,
      errorCodes: ['timeout-or-duplicate'],
    });

    await c.passAntiSpam('forgot_password');
    const wrongAction = await c.login('editor@harbourview.example', DEMO_PASSWORD, false);
    expect(wrongAction.body.errors?.[0].extensions?.code).toBe('AntiSpamVerificationFailed');

    const keys = app.services.authKeys;
    const old = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      data: { action: 'login' },
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: keys.antispam,
      hmacKeySignatureSecret: keys.antispamKey,
    });
    expect((await c.gql(VALIDATE, { token: await c.solve('login', old) })).body.data?.validateToken.success).toBe(
      false,
    );

    const forged = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      data: { action: 'login' },
      hmacSignatureSecret: 'not-our-secret',
      hmacKeySignatureSecret: 'nor-this',
    });
    expect((await c.gql(VALIDATE, { token: await c.solve('login', forged) })).body.data?.validateToken).toEqual({
      success: false,
      errorCodes: ['invalid-input-response'],
    });
    expect((await c.gql(VALIDATE, { token: 'bm90IGpzb24=' })).body.data?.validateToken).toEqual({
      success: false,
      errorCodes: ['invalid-input-response'],
    });
  });

  it('spends a pass once: a second sign-in on the same pass is refused', async () => {
    const c = new AuthClient(app);
    await c.passAntiSpam('login');
    const pass = c.cookies.get('antispam_pass')!;
    await c.login('editor@harbourview.example', 'Wrong#Pass1', false);
    c.cookies.set('antispam_pass', pass);
    const replay = await c.login('editor@harbourview.example', 'Wrong#Pass1', false);
    expect(replay.body.errors?.[0].extensions?.code).toBe('AntiSpamVerificationFailed');
  });
});

describe('no user enumeration', () => {
  it('answers an unknown email exactly like a wrong password, in similar time', async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    let knownBody: unknown;
    let unknownBody: unknown;
    for (let i = 0; i < 4; i++) {
      const c = new AuthClient(app);
      await c.passAntiSpam('login');
      let t = performance.now();
      knownBody = (await c.login('viewer@harbourview.example', `Wrong#Pass${i}`, false)).body;
      times.known.push(performance.now() - t);
      await c.passAntiSpam('login');
      t = performance.now();
      unknownBody = (await c.login(`nobody${i}@nowhere.example`, `Wrong#Pass${i}`, false)).body;
      times.unknown.push(performance.now() - t);
    }
    expect(unknownBody).toEqual(knownBody);
    expect(knownBody).toMatchObject({
      errors: [{ message: 'Incorrect username or password.', extensions: { code: 'NotAuthorizedException' } }],
    });
    // Both paths run one argon2id verification; without the decoy the unknown path is ~50x faster.
    // The fastest of four rounds (a fifth failure would lock the account): a busy machine only ever adds time, so the minimum is the work itself.
    expect(Math.min(...times.unknown)).toBeGreaterThan(Math.min(...times.known) * 0.3);
    await app.db.query("delete from login_throttle where email = 'viewer@harbourview.example'");
  });
});

describe('lockout', () => {
  it('blocks after 5 failures for a minute, and attempts during the block do not extend it', async () => {
    const email = 'supplier@harbourview.example';
    const c = new AuthClient(app);
    for (let i = 0; i < 5; i++) {
      const res = await c.login(email, 'Wrong#Pass1');
      expect(res.body.errors?.[0].extensions?.code).toBe('NotAuthorizedException');
    }
    const [lock] = await app.db.query<{ secs: number; locked_until: Date }>(
      'select extract(epoch from locked_until - now())::float8 as secs, locked_until from login_throttle where email = $1',
      [email],
    );
    expect(lock.secs).toBeGreaterThan(55);
    expect(lock.secs).toBeLessThanOrEqual(60);
    const blocked = await c.login(email, DEMO_PASSWORD);
    expect(blocked.body.errors?.[0]).toMatchObject({
      message: 'Password attempts exceeded',
      extensions: { code: 'LimitExceededException' },
    });
    const [after] = await app.db.query<{ locked_until: Date }>(
      'select locked_until from login_throttle where email = $1',
      [email],
    );
    expect(after.locked_until).toEqual(lock.locked_until);
  });

  it('doubles the block each time, up to 15 minutes', async () => {
    const email = 'group.viewer@coastal.example';
    const c = new AuthClient(app);
    await c.login(email, 'Wrong#Pass1'); // counted against this client's address
    await app.db.query('update login_throttle set failures = 4, lock_level = 5 where email = $1', [email]);
    const res = await c.login(email, 'Wrong#Pass1');
    expect(res.body.errors?.[0].extensions?.code).toBe('NotAuthorizedException');
    const [lock] = await app.db.query<{ secs: number }>(
      'select extract(epoch from locked_until - now())::float8 as secs from login_throttle where email = $1',
      [email],
    );
    expect(lock.secs).toBeGreaterThan(895);
    expect(lock.secs).toBeLessThanOrEqual(900);
  });
});

describe('lockout counts every attempt, in a batch or as aliases', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ env: { ANTISPAM_PROVIDER: 'off' } });
  });
  afterAll(() => open.close());

  it('gives aliases no extra tries: each aliased request spends an attempt, the sixth is blocked', async () => {
    const email = 'editor@harbourview.example';
    const aliases = Array.from(
      { length: 5 },
      (_, i) => `a${i}: login(username: "${b64(email)}", password: "${b64(`Wrong#Pass${i}`)}") { success }`,
    ).join('\n');
    for (let round = 1; round <= 5; round++) {
      const res = await new AuthClient(open).gql(`mutation { ${aliases} }`);
      // Mutations run in order and the first refusal ends the operation: one attempt, counted.
      expect(res.body.errors?.map((e) => e.extensions?.code)).toEqual(['NotAuthorizedException']);
    }
    const next = await new AuthClient(open).login(email, DEMO_PASSWORD, false);
    expect(next.body.errors?.[0].extensions?.code).toBe('LimitExceededException');
  });

  it('counts a batch of five, so a sixth is blocked', async () => {
    const email = 'viewer@harbourview.example';
    const results = await new AuthClient(open).batch(
      Array.from({ length: 5 }, (_, i) => ({
        query: LOGIN,
        variables: { username: b64(email), password: b64(`Wrong#Pass${i}`) },
      })),
    );
    expect(results.map((r) => r.errors?.[0].extensions?.code)).toEqual(Array(5).fill('NotAuthorizedException'));
    const next = await new AuthClient(open).login(email, DEMO_PASSWORD, false);
    expect(next.body.errors?.[0].extensions?.code).toBe('LimitExceededException');
    expect(await mailsTo(open, email)).toHaveLength(0);
  });
});
