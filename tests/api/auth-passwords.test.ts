import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, VIEWER, b64, mailsTo } from '../support/auth-client';
import { asUser } from '../support/as-user';
import { createUser } from '../factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { hashPassword } from '../../server/auth/password-hash';
import { RESET_ERRORS } from '../../resources/auth/auth.messages';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const FORGOT = `mutation ForgotPassword($username: String!) { forgotPassword(username: $username) {
  success message codeDeliveryDetails { destination deliveryMedium attributeName } } }`;
const SUBMIT = `mutation ForgotPasswordSubmit($username: String!, $confirmationCode: String!, $password: String!) {
  forgotPasswordSubmit(username: $username, confirmationCode: $confirmationCode, password: $password) { success message } }`;

async function requestReset(c: AuthClient, email: string) {
  await c.passAntiSpam('forgot_password');
  return c.gql(FORGOT, { username: b64(email) });
}
async function submitReset(c: AuthClient, email: string, code: string, password: string) {
  await c.passAntiSpam('reset_password');
  return c.gql(SUBMIT, { username: b64(email), confirmationCode: code, password: b64(password) });
}
async function resetCode(email: string) {
  const mails = await mailsTo(app, email);
  return /reset code is (\d{6})/.exec(mails.at(-1) ?? '')![1];
}
const first = (res: { body: { errors?: { message: string; extensions?: Record<string, any> }[] } }) =>
  res.body.errors?.[0];

describe('forgotten password', () => {
  it('answers an unknown email exactly like a known one and sends it nothing', async () => {
    const c = new AuthClient(app);
    const known = await requestReset(c, 'viewer@harbourview.example');
    const unknown = await requestReset(c, 'vanished@harbourview.example');
    expect(unknown.body.data?.forgotPassword).toEqual({
      ...known.body.data?.forgotPassword,
      codeDeliveryDetails: { ...known.body.data?.forgotPassword.codeDeliveryDetails },
    });
    expect(unknown.body.data?.forgotPassword.codeDeliveryDetails).toEqual({
      destination: 'v***@h***.example',
      deliveryMedium: 'EMAIL',
      attributeName: 'email',
    });
    expect(await mailsTo(app, 'vanished@harbourview.example')).toHaveLength(0);
    expect(await mailsTo(app, 'viewer@harbourview.example')).toHaveLength(1);
    // A wrong code answers the same for both: the decoy challenge counts attempts too.
    const a = await submitReset(c, 'viewer@harbourview.example', '000001', 'New#Secret2026');
    const b = await submitReset(c, 'vanished@harbourview.example', '000001', 'New#Secret2026');
    expect(first(a)?.extensions?.code).toBe(first(b)?.extensions?.code);
  });

  it('resets with the emailed code, revokes every session and lets the new password sign in', async () => {
    const { email, password } = await createUser(app);
    const session = await asUser(app, email, { password, fresh: true });
    const c = new AuthClient(app);
    await requestReset(c, email);
    const res = await submitReset(c, email, await resetCode(email), 'Fresh#Harbor2026');
    expect(res.body.data?.forgotPasswordSubmit).toEqual({ success: true, message: 'Password successfully reset' });
    expect((await session.gql(VIEWER)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const [row] = await app.db.query<{ age: number }>(
      'select extract(epoch from now() - password_reset_at)::float8 as age from users where email = $1',
      [email],
    );
    expect(row.age).toBeLessThan(60);
    expect((await new AuthClient(app).login(email, password)).body.errors?.[0].extensions?.code).toBe(
      'NotAuthorizedException',
    );
    await new AuthClient(app).signIn(email, 'Fresh#Harbor2026');
  });

  it('refuses any of the previous 6 passwords, a common one, and a weak one, keeping the code usable', async () => {
    const email = 'group.admin@coastal.example';
    const [user] = await app.db.query<{ id: number }>('select id from users where email = $1', [email]);
    for (let i = 1; i <= 5; i++)
      await app.db.query(
        'insert into password_history (user_id, password_hash, created_at) values ($1, $2, now() - make_interval(days => $3))',
        [user.id, await hashPassword(`Old#Pass${i}x`), i],
      );
    const c = new AuthClient(app);
    await requestReset(c, email);
    const code = await resetCode(email);
    for (const reused of [DEMO_PASSWORD, 'Old#Pass1x', 'Old#Pass5x']) {
      expect(first(await submitReset(c, email, code, reused))).toMatchObject({
        message: RESET_ERRORS.history,
        extensions: { code: 'PasswordHistoryPolicyViolationException', fields: { password: [RESET_ERRORS.history] } },
      });
    }
    expect(first(await submitReset(c, email, code, 'P@ssw0rd123!'))).toMatchObject({
      message: RESET_ERRORS.insecure,
      extensions: { code: 'InvalidPasswordException' },
    });
    expect(first(await submitReset(c, email, code, 'alllowercase1!'))?.message).toBe(
      'Password does not meet strength requirement',
    );
    expect(first(await submitReset(c, email, code, 'Sh0rt!'))?.message).toBe('Minimum 8 characters');
    // The oldest one is the 7th back: allowed again. The code survived every refusal above.
    await app.db.query(
      "insert into password_history (user_id, password_hash, created_at) values ($1, $2, now() - interval '1 year')",
      [user.id, await hashPassword('Ancient#Pass7')],
    );
    expect((await submitReset(c, email, code, 'Ancient#Pass7')).body.data?.forgotPasswordSubmit.success).toBe(true);
  });

  it('refuses an expired code, a wrong code, and burns the code at its fifth wrong guess', async () => {
    const email = 'staff@extranet.example';
    const c = new AuthClient(app);
    await requestReset(c, email);
    const code = await resetCode(email);
    const wrong = code === '123456' ? '654321' : '123456';
    expect(first(await submitReset(c, email, wrong, 'Brand#New2026'))).toMatchObject({
      extensions: { code: 'CodeMismatchException' },
    });
    for (let i = 0; i < 3; i++) await submitReset(c, email, wrong, 'Brand#New2026');
    expect(first(await submitReset(c, email, wrong, 'Brand#New2026'))).toMatchObject({
      message: RESET_ERRORS.codeBurnt,
      extensions: { code: 'ExpiredCodeException' },
    });
    // Burnt: the right code no longer works either; the owner asks for a new one.
    expect(first(await submitReset(c, email, code, 'Brand#New2026'))?.extensions?.code).toBe('ExpiredCodeException');

    await requestReset(c, email);
    const fresh = await resetCode(email);
    await app.db.query(
      "update auth_challenges set expires_at = now() - interval '1 second' where email = $1 and consumed_at is null",
      [email],
    );
    expect(first(await submitReset(c, email, fresh, 'Brand#New2026'))).toMatchObject({
      message: RESET_ERRORS.invalidOrExpired,
      extensions: { code: 'ExpiredCodeException' },
    });
  });
});

describe('passwords at sign-in', () => {
  it('refuses a sign-in with a well-known password as insecure', async () => {
    await app.db.query('update users set password_hash = $1 where email = $2', [
      await hashPassword('Sunshine2024!'),
      'supplier@harbourview.example',
    ]);
    const res = await new AuthClient(app).login('supplier@harbourview.example', 'Sunshine2024!');
    expect(first(res)?.extensions?.code).toBe('PasswordResetRequiredException');
    expect(await mailsTo(app, 'supplier@harbourview.example')).toHaveLength(0);
  });

  it('reports an expired password (90 days) and a first login to the portal', async () => {
    const email = 'viewer@harbourview.example';
    await app.db.query("update users set password_reset_at = now() - interval '90 days' where email = $1", [email]);
    const c = await asUser(app, email, { password: DEMO_PASSWORD, fresh: true });
    expect((await c.gql(VIEWER)).body.data?.viewer.user).toMatchObject({
      passwordHasExpired: true,
      isFirstLogin: false,
    });
    await app.db.query("update users set flags = '{FIRST_LOGIN}' where email = $1", [email]);
    expect((await c.gql(VIEWER)).body.data?.viewer.user).toMatchObject({
      passwordHasExpired: false,
      isFirstLogin: true,
    });
    await app.db.query(
      "update users set password_reset_at = now() - interval '89 days', flags = '{}' where email = $1",
      [email],
    );
    expect((await c.gql(VIEWER)).body.data?.viewer.user).toMatchObject({ passwordHasExpired: false });
  });
});
