import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { AuthClient, VIEWER, latestCode } from '../support/auth-client';
import { asUser } from '../support/as-user';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../server/db/seed';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const EMAIL = 'editor@harbourview.example';
const code = (res: { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.[0];

describe('emailed sign-in codes', () => {
  it('refuses a wrong code, then accepts the right one', async () => {
    const c = new AuthClient(app);
    await c.login(EMAIL, DEMO_PASSWORD);
    const right = await latestCode(app, EMAIL);
    const wrong = right === '000000' ? '111111' : '000000';
    expect(code(await c.submitCode(EMAIL, wrong))).toMatchObject({
      message: 'Invalid code provided, please request a code again.',
      extensions: { code: 'CodeMismatchException' },
    });
    expect((await c.submitCode(EMAIL, right)).body.data?.mfaCode.success).toBe(true);
  });

  it('locks the challenge at the fifth wrong code: even the right code then fails (for the lock minute)', async () => {
    const c = new AuthClient(app);
    await c.login(EMAIL, DEMO_PASSWORD);
    const right = await latestCode(app, EMAIL);
    const wrong = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++)
      expect(code(await c.submitCode(EMAIL, wrong))?.extensions?.code).toBe('CodeMismatchException');
    expect(code(await c.submitCode(EMAIL, wrong))?.extensions?.code).toBe('NotAuthorizedException');
    expect(code(await c.submitCode(EMAIL, right))).toMatchObject({
      extensions: { code: 'NotAuthorizedException' },
      message: expect.stringMatching(/^Too many invalid credentials attempts/),
    });
    expect(c.cookies.has('access_token')).toBe(false);
  });

  it('refuses an expired code as an expired session', async () => {
    const c = new AuthClient(app);
    await c.login(EMAIL, DEMO_PASSWORD);
    await app.db.query(
      "update auth_challenges set expires_at = now() - interval '1 second' where email = $1 and consumed_at is null",
      [EMAIL],
    );
    expect(code(await c.submitCode(EMAIL, await latestCode(app, EMAIL)))).toMatchObject({
      message: 'Invalid session for the user, session is expired.',
      extensions: { code: 'NotAuthorizedException' },
    });
  });

  it('accepts a code once: a replay is refused', async () => {
    const c = new AuthClient(app);
    await c.login(EMAIL, DEMO_PASSWORD);
    const mfa = c.cookies.get('mfa_session')!;
    const right = await latestCode(app, EMAIL);
    expect((await c.submitCode(EMAIL, right)).body.data?.mfaCode.success).toBe(true);
    const replay = new AuthClient(app);
    replay.cookies.set('mfa_session', mfa);
    expect(code(await replay.submitCode(EMAIL, right))?.message).toBe(
      'Invalid session for the user, session is expired.',
    );
  });

  it('invalidates the previous code when a new one is sent', async () => {
    const c = new AuthClient(app);
    await c.login(EMAIL, DEMO_PASSWORD);
    const first = await latestCode(app, EMAIL);
    const firstSession = c.cookies.get('mfa_session')!;
    await c.login(EMAIL, DEMO_PASSWORD);
    const second = await latestCode(app, EMAIL);
    const old = new AuthClient(app);
    old.cookies.set('mfa_session', firstSession);
    expect(code(await old.submitCode(EMAIL, first))?.extensions?.code).toBe('NotAuthorizedException');
    if (second !== first)
      expect(code(await c.submitCode(EMAIL, first))?.extensions?.code).toBe('CodeMismatchException');
    expect((await c.submitCode(EMAIL, second)).body.data?.mfaCode.success).toBe(true);
  });

  it('binds a code to its challenge and its user', async () => {
    const a = new AuthClient(app);
    const b = new AuthClient(app);
    await a.login(EMAIL, DEMO_PASSWORD);
    const codeA = await latestCode(app, EMAIL);
    await b.login('viewer@harbourview.example', DEMO_PASSWORD);
    // b's session cookie with a's email and code: refused.
    expect(code(await b.submitCode(EMAIL, codeA))?.extensions?.code).toBe('NotAuthorizedException');
    expect(code(await b.submitCode('viewer@harbourview.example', codeA))?.extensions?.code).toBe(
      'CodeMismatchException',
    );
  });

  it('reports a missing session token', async () => {
    const c = new AuthClient(app);
    expect(code(await c.submitCode(EMAIL, '123456'))?.extensions?.code).toBe('MissingSessionToken');
  });
});

describe('session tokens', () => {
  const signedIn = async () => {
    const c = await asUser(app, EMAIL, { password: DEMO_PASSWORD, fresh: true });
    return c;
  };
  const onlyAccess = (token: string) => {
    const c = new AuthClient(app);
    c.cookies.set('access_token', { value: token, httpOnly: true, secure: true });
    return c;
  };
  const unauthenticated = async (c: AuthClient) =>
    (await c.gql(VIEWER)).body.errors?.[0].extensions?.code === 'UNAUTHENTICATED';

  it('refuses a tampered, unsigned, foreign-signed or expired access token', async () => {
    const c = await signedIn();
    const token = c.cookies.get('access_token')!.value;
    expect(await unauthenticated(onlyAccess(token))).toBe(false);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, sid: '00000000-0000-4000-8000-000000000000' })).toString(
      'base64url',
    );
    expect(await unauthenticated(onlyAccess(`${h}.${edited}.${s}`))).toBe(true);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await unauthenticated(onlyAccess(`${none}.${p}.`))).toBe(true);
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect(await unauthenticated(onlyAccess(foreign))).toBe(true);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(app.services.authKeys.jwt);
    expect(await unauthenticated(onlyAccess(expired))).toBe(true);
  });

  it('rotates the refresh token; a replay after the grace window revokes the whole session', async () => {
    const c = await signedIn();
    const oldRefresh = c.cookies.get('refresh_token')!.value;
    c.cookies.delete('access_token');
    c.cookies.delete('id_token');
    expect(await unauthenticated(c)).toBe(false);
    const newRefresh = c.cookies.get('refresh_token')!.value;
    expect(newRefresh).not.toBe(oldRefresh);
    expect(c.cookies.has('access_token')).toBe(true);

    await app.db.query("update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null");
    const thief = new AuthClient(app);
    thief.cookies.set('refresh_token', { value: oldRefresh, httpOnly: true, secure: true });
    expect(await unauthenticated(thief)).toBe(true);
    // The family is gone: the legitimate holder's access and refresh tokens stop working too.
    expect(await unauthenticated(c)).toBe(true);
    const [session] = await app.db.query<{ revoked_reason: string }>(
      "select s.revoked_reason from sessions s join refresh_tokens r on r.session_id = s.id where r.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [newRefresh],
    );
    expect(session.revoked_reason).toBe('refresh_token_replayed');
  });

  it('lets parallel requests present a just-rotated token without tripping the replay alarm', async () => {
    const c = await signedIn();
    c.cookies.delete('access_token');
    c.cookies.delete('id_token');
    const twin = new AuthClient(app);
    twin.cookies.set('refresh_token', c.cookies.get('refresh_token')!);
    expect(await unauthenticated(c)).toBe(false);
    expect(await unauthenticated(twin)).toBe(false);
    expect(await unauthenticated(c)).toBe(false);
  });

  it('revokes the session on sign-out: the old access token is refused afterwards', async () => {
    const c = await signedIn();
    const access = c.cookies.get('access_token')!.value;
    const out = await c.gql('query UserSignOut { viewer { signOut } }');
    expect(out.body.data?.viewer.signOut).toBe(true);
    expect(c.cookies.has('access_token') || c.cookies.has('refresh_token') || c.cookies.has('id_token')).toBe(false);
    expect(await unauthenticated(onlyAccess(access))).toBe(true);

    const d = await signedIn();
    const access2 = d.cookies.get('access_token')!.value;
    expect((await d.gql('mutation Logout { logout { success } }')).body.data?.logout.success).toBe(true);
    expect(await unauthenticated(onlyAccess(access2))).toBe(true);
  });

  it('clears the cookies even when the revocation fails, and says it failed', async () => {
    const c = await signedIn();
    const failing = vi.spyOn(app.db, 'transaction').mockRejectedValueOnce(new Error('Connection terminated'));
    try {
      const out = await c.gql('query UserSignOut { viewer { signOut } }');
      expect(out.body.errors?.length).toBeGreaterThan(0);
      expect(out.body.data?.viewer?.signOut ?? null).toBeNull();
    } finally {
      failing.mockRestore();
    }
    expect(c.cookies.has('access_token') || c.cookies.has('refresh_token') || c.cookies.has('id_token')).toBe(false);
  });
});
