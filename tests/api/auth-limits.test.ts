import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, MFA, b64, latestCode, mailsTo } from '../support/auth-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { AUTH_CODES, AUTH_SERVER_MESSAGES, RESET_ERRORS } from '../../resources/auth/auth.messages';
import { CODES_SENT_PER_HOUR, WRONG_CODES_PER_HOUR } from '../../server/auth/code-budget';
import { MAX_CODE_ATTEMPTS } from '../../resources/auth/code-limits';

/**
 * Per-account budgets across challenges: each ForgotPassword or Login makes a new challenge with
 * 5 guesses, so without them a script guesses forever (200 wrong reset codes in 3 s, 100 wrong
 * sign-in codes with the password). Anti-spam is off, as in the attack.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { ANTISPAM_PROVIDER: 'off' } });
});
afterAll(() => app.close());

const FORGOT = 'mutation F($username: String!) { forgotPassword(username: $username) { success message } }';
const SUBMIT = `mutation S($username: String!, $confirmationCode: String!, $password: String!) {
  forgotPasswordSubmit(username: $username, confirmationCode: $confirmationCode, password: $password) { success message } }`;
const NEW_PASSWORD = 'Budget#Guess2026';

const answer = (res: {
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}) =>
  res.body.errors ? { message: res.body.errors[0].message, code: res.body.errors[0].extensions?.code } : res.body.data;
const wrongFor = (code: string | null) => (code === '000000' ? '111111' : '000000');

describe('reset codes: one budget per account across challenges', () => {
  /** The whole attack against one address; returns every answer, which must not depend on whether the account exists. */
  async function attack(email: string, known: boolean) {
    const c = new AuthClient(app);
    const answers: unknown[] = [];
    const codeNow = async () =>
      (known
        ? (await mailsTo(app, email)).length && /reset code is (\d{6})/.exec((await mailsTo(app, email)).at(-1)!)![1]
        : null) || null;
    let guesses = 0;
    for (let round = 0; round < 2; round++) {
      answers.push(answer(await c.gql(FORGOT, { username: b64(email) })));
      const code = await codeNow();
      for (let i = 0; i < 5; i++, guesses++) {
        answers.push(
          answer(
            await c.gql(SUBMIT, {
              username: b64(email),
              confirmationCode: wrongFor(code),
              password: b64(NEW_PASSWORD),
            }),
          ),
        );
      }
    }
    expect(guesses).toBe(WRONG_CODES_PER_HOUR);
    // The budget is spent: the newest code no longer works, and no new challenge is given.
    answers.push(
      answer(
        await c.gql(SUBMIT, {
          username: b64(email),
          confirmationCode: (await codeNow()) ?? '123456',
          password: b64(NEW_PASSWORD),
        }),
      ),
    );
    answers.push(answer(await c.gql(FORGOT, { username: b64(email) })));
    return answers;
  }

  it('blocks an address after 10 wrong codes in an hour, however many resets were asked for, the same for unknown addresses', async () => {
    const email = 'viewer@harbourview.example';
    const mailsBefore = (await mailsTo(app, email)).length;
    const known = await attack(email, true);
    const blocked = { message: RESET_ERRORS.lockedOut, code: AUTH_CODES.limitExceeded };
    expect(known.at(-2)).toEqual(blocked);
    expect(known.at(-1)).toEqual(blocked);
    expect((await mailsTo(app, email)).length - mailsBefore).toBe(2); // no third code went out
    const unknown = await attack('nobody.here@harbourview.example', false);
    expect(unknown).toEqual(known);
    // The password did not change.
    const [row] = await app.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'password.reset'",
    );
    expect(row.n).toBe(0);
  });
});

describe('sign-in codes: one budget per account, and a cap on codes sent', () => {
  const mfa = (c: AuthClient, email: string, code: string) =>
    c.gql(MFA, { otpCode: code, challengeName: 'EMAIL_OTP', username: b64(email) });

  it('locks a code for a minute after 5 wrong guesses, then takes the same code; after 10 wrong codes in an hour nothing works', async () => {
    const email = 'supplier@harbourview.example';
    const c = new AuthClient(app);
    const locked = { message: AUTH_SERVER_MESSAGES.tooManyCodes, code: AUTH_CODES.notAuthorized };
    const openChallenge = async () =>
      (
        await app.db.query<{ id: string; attempts: number; locked: boolean }>(
          `select id, attempts, coalesce(locked_until > now(), false) as locked from auth_challenges
            where email = $1 and purpose = 'LOGIN' and consumed_at is null order by created_at desc limit 1`,
          [email],
        )
      )[0];
    for (let round = 0; round < 2; round++) {
      expect(answer(await c.login(email, DEMO_PASSWORD, false))).toMatchObject({ login: { authFlow: 'MFA_REQUIRED' } });
      const code = await latestCode(app, email);
      for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
        expect(answer(await mfa(c, email, wrongFor(code)))).toEqual({
          message: AUTH_SERVER_MESSAGES.invalidCode,
          code: AUTH_CODES.codeMismatch,
        });
      }
      // The fifth wrong code locks the code: the portal's 'Account Temporarily Locked'.
      expect(answer(await mfa(c, email, wrongFor(code)))).toEqual(locked);
      // While it is locked even the right code is refused, and no guess is counted.
      expect(answer(await mfa(c, email, code!))).toEqual(locked);
      expect(await openChallenge()).toMatchObject({ attempts: MAX_CODE_ATTEMPTS, locked: true });
      if (round === 0) {
        // A minute later (moved back here rather than waited for), the same code signs in.
        await app.db.query("update auth_challenges set locked_until = now() - interval '1 second' where id = $1", [
          (await openChallenge()).id,
        ]);
        expect(answer(await mfa(c, email, code!))).toMatchObject({ mfaCode: { success: true } });
        expect(await openChallenge()).toBeUndefined();
      }
    }
    // Ten wrong codes this hour: once the lock is over the right code still fails, the budget is spent.
    await app.db.query("update auth_challenges set locked_until = now() - interval '1 second' where email = $1", [
      email,
    ]);
    expect(answer(await mfa(c, email, (await latestCode(app, email))!))).toEqual(locked);
    const mails = (await mailsTo(app, email)).length;
    // A correct password no longer re-arms the guesses: 'Access temporarily blocked', and no code is sent.
    expect(answer(await c.login(email, DEMO_PASSWORD, false))).toEqual({
      message: AUTH_SERVER_MESSAGES.attemptsExceeded,
      code: AUTH_CODES.limitExceeded,
    });
    expect((await mailsTo(app, email)).length).toBe(mails);
  });

  it(`sends at most ${CODES_SENT_PER_HOUR} sign-in codes per account per hour`, async () => {
    const email = 'group.editor@coastal.example';
    const c = new AuthClient(app);
    for (let i = 0; i < CODES_SENT_PER_HOUR; i++) {
      expect(answer(await c.login(email, DEMO_PASSWORD, false))).toMatchObject({ login: { authFlow: 'MFA_REQUIRED' } });
    }
    expect(answer(await c.login(email, DEMO_PASSWORD, false))).toEqual({
      message: AUTH_SERVER_MESSAGES.attemptsExceeded,
      code: AUTH_CODES.limitExceeded,
    });
    expect(await mailsTo(app, email)).toHaveLength(CODES_SENT_PER_HOUR);
  });
});
