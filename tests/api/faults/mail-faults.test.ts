import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { AuthClient, MFA, b64, latestCode, mailsTo } from '../../support/auth-client';
import { createTestApp, type TestApp } from '../../support/test-app';
import { accessCookie } from '../../support/as-user';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import { SUPPORT_ACTIONS, SUPPORT_MAIL_FAILED, SUPPORT_MESSAGES } from '../../../resources/users/support';

/**
 * The outbox made unwritable (a file where the directory was: it holds for root too). Sign-in must
 * answer the spec's generic error, keep the previous code working and set no new cookie; the
 * failure is logged with the request's correlation id and the staff health check shows mail failing.
 */
let app: TestApp;
let outbox: string;
beforeAll(async () => {
  app = await createTestApp({ env: { ANTISPAM_PROVIDER: 'off' } });
  outbox = app.services.mailer.outboxDir!;
});
afterAll(() => app.close());

function breakOutbox() {
  mkdirSync(outbox, { recursive: true });
  renameSync(outbox, `${outbox}.kept`);
  writeFileSync(outbox, 'not a directory');
}
function repairOutbox() {
  rmSync(outbox, { force: true });
  renameSync(`${outbox}.kept`, outbox);
}

const HEALTH = 'query { apiHealth { mail { ok detail } } }';
const FORGOT = 'mutation F($username: String!) { forgotPassword(username: $username) { success message } }';
const SUBMIT = `mutation S($username: String!, $confirmationCode: String!, $password: String!) {
  forgotPasswordSubmit(username: $username, confirmationCode: $confirmationCode, password: $password) { success message } }`;

describe('mail server gone', () => {
  it('sign-in: the generic error, no new cookie, the previous code still signs in; logged with the correlation id; health shows mail failing', async () => {
    const email = 'editor@harbourview.example';
    const c = new AuthClient(app);
    expect((await c.login(email, DEMO_PASSWORD, false)).body.data?.login.authFlow).toBe('MFA_REQUIRED');
    const code = await latestCode(app, email);
    const cookie = c.cookies.get('mfa_session')!.value;

    breakOutbox();
    try {
      const res = await c.login(email, DEMO_PASSWORD, false);
      expect(res.body.errors?.[0]).toMatchObject({
        message: GENERIC_MESSAGES.somethingWentWrong,
        extensions: { code: 'MAIL_UNAVAILABLE' },
      });
      expect(res.headers.getSetCookie().filter((line) => line.startsWith('mfa_session='))).toEqual([]);
      expect(c.cookies.get('mfa_session')!.value).toBe(cookie);
      const id = res.headers.get('x-correlation-id');
      expect(app.logs.find((l) => l.correlationId === id && l.event === 'mail.failed')).toMatchObject({
        level: 'error',
        kind: 'sign-in-code',
      });

      const health = await app.gql<any>(HEALTH, undefined, {
        headers: { cookie: await accessCookie(app, 'staff@extranet.example') },
      });
      expect(health.body.data.apiHealth.mail).toMatchObject({ ok: false });

      // The code of the first sign-in was not voided by the failed one.
      const done = await c.gql(MFA, { otpCode: code, challengeName: 'EMAIL_OTP', username: b64(email) });
      expect(done.body).toEqual({ data: { mfaCode: { success: true, authFlow: 'USER_PASSWORD' } } });
    } finally {
      repairOutbox();
    }
  });

  it('reset: the same answer (it must not tell whether the account exists), and the previous reset code still works', async () => {
    const email = 'viewer@harbourview.example';
    const c = new AuthClient(app);
    const ok = await c.gql(FORGOT, { username: b64(email) });
    const first = /reset code is (\d{6})/.exec((await mailsTo(app, email)).at(-1)!)![1];
    breakOutbox();
    try {
      const again = await c.gql(FORGOT, { username: b64(email) });
      expect(again.body).toEqual(ok.body);
      await app.services.mailer.idle();
      const id = again.headers.get('x-correlation-id');
      expect(app.logs.find((l) => l.correlationId === id && l.event === 'mail.failed')).toMatchObject({
        kind: 'reset-code',
      });
    } finally {
      repairOutbox();
    }
    const reset = await c.gql(SUBMIT, {
      username: b64(email),
      confirmationCode: first,
      password: b64('Kept#Code2026'),
    });
    expect(reset.body).toEqual({
      data: { forgotPasswordSubmit: { success: true, message: 'Password successfully reset' } },
    });
  });

  it("a password reset staff send: the mail fails, the user's earlier code still works, the history says so, and staff may try again at once", async () => {
    const email = 'supplier@harbourview.example';
    const [user] = await app.db.query<{ id: number }>('select id from users where email = $1', [email]);
    const c = new AuthClient(app);
    await c.gql(FORGOT, { username: b64(email) });
    const first = /reset code is (\d{6})/.exec((await mailsTo(app, email)).at(-1)!)![1];
    const staff = await accessCookie(app, 'staff@extranet.example');
    const send = () =>
      app.gql<any>(SUPPORT_DOCS.action, { userId: user.id, action: 'passwordReset' }, { headers: { cookie: staff } });
    breakOutbox();
    try {
      const res = await send();
      expect(res.body.errors?.[0]).toMatchObject({
        message: SUPPORT_MESSAGES.mailFailed,
        extensions: { code: 'MAIL_UNAVAILABLE' },
      });
    } finally {
      repairOutbox();
    }
    const history = await app.db.query<{ action: string }>(
      `select action from audit_log where subject_type = 'User' and subject_id = $1 and action like 'user.%' order by id`,
      [String(user.id)],
    );
    expect(history.map((h) => h.action).slice(-2)).toEqual(['user.password_reset.send', SUPPORT_MAIL_FAILED]);
    const reset = await c.gql(SUBMIT, {
      username: b64(email),
      confirmationCode: first,
      password: b64('Kept#Staff2026'),
    });
    expect(reset.body.data?.forgotPasswordSubmit.success).toBe(true);
    expect((await send()).body.data?.supportAction.message).toBe(SUPPORT_ACTIONS.passwordReset.done(email));
  });
});
