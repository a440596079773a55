import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, b64, mailsTo } from '../support/auth-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { createLogger } from '../../server/logger';

/** No secret (code, token, password, card number) may reach a log line. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { ANTISPAM_PROVIDER: 'off' } });
});
afterAll(() => app.close());

const FORGOT = 'mutation F($username: String!) { forgotPassword(username: $username) { success } }';
const SUBMIT = `mutation S($username: String!, $confirmationCode: String!, $password: String!) {
  forgotPasswordSubmit(username: $username, confirmationCode: $confirmationCode, password: $password) { success } }`;
const NEW_PASSWORD = 'Never#Logged2026';

describe('secrets stay out of the log', () => {
  it('logs none of the codes, links or passwords a sign-in, a reset and an email confirmation issued', async () => {
    const email = 'admin@harbourview.example';
    const c = new AuthClient(app);
    await c.signIn(email, DEMO_PASSWORD);
    await c.gql('mutation { verifyCurrentUserAttribute(attributeName: "email") { success } }');
    await c.gql(FORGOT, { username: b64(email) });
    const mails = await mailsTo(app, email);
    const reset = /reset code is (\d{6})/.exec(mails.at(-1)!)![1];
    await c.gql(SUBMIT, { username: b64(email), confirmationCode: '000000', password: b64(NEW_PASSWORD) });
    expect(
      (await c.gql(SUBMIT, { username: b64(email), confirmationCode: reset, password: b64(NEW_PASSWORD) })).body.data
        ?.forgotPasswordSubmit.success,
    ).toBe(true);

    const secrets = mails.flatMap((m) =>
      [...m.matchAll(/code is (\d{6})|code=([A-Za-z0-9_-]{10,})/g)].map((x) => x[1] ?? x[2]),
    );
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    const log = app.logs.map((l) => JSON.stringify(l)).join('\n');
    expect(log).toContain('Mail written to the outbox'); // the mail lines are there, without their secrets
    for (const secret of [...secrets, DEMO_PASSWORD, NEW_PASSWORD, b64(NEW_PASSWORD)])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/verification code:|Reset your password:/);
  });

  it('redacts the listed keys at any of the first three levels', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    log.info(
      {
        password: 'p@ss-1',
        code: '135790',
        subject: 'Your verification code: 135790',
        variables: { otpCode: '246802', input: { cardNumber: '4111111111111111', token: 'tok-secret' } },
        err: { refreshToken: 'rt-secret' },
      },
      'something',
    );
    expect(lines[0]).not.toMatch(/p@ss-1|135790|246802|4111111111111111|tok-secret|rt-secret/);
    expect(lines[0]).toContain('[redacted]');
  });
});
