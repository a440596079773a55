import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, MFA, b64, latestCode, mailsTo } from '../support/auth-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { AUTH_CODES, AUTH_SERVER_MESSAGES, RESET_ERRORS } from '../../resources/auth/auth.messages';
import { CODES_SENT_PER_HOUR } from '../../server/auth/code-budget';
import { ACCOUNT_CEILING, MAX_FAILURES } from '../../server/auth/login-throttle';
import { MAX_CODE_ATTEMPTS } from '../../resources/auth/code-limits';

/**
 * Limits that stop guessing without handing an attacker the owner's account: reset codes burn at
 * their fifth wrong guess and are limited per asking address; sign-in failures lock the failing
 * address only; sign-in codes keep a per-account budget (only someone with the password gets one).
 * Anti-spam is off, as in the attack; the test server trusts X-Forwarded-For to tell clients apart.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { ANTISPAM_PROVIDER: 'off', TRUST_PROXY: 'true' } });
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

describe('reset codes: burnt after five wrong guesses, limited per asking address', () => {
  const from = (address: string) => new AuthClient(app, { 'x-forwarded-for': address });
  const newestCode = async (email: string) => {
    const mails = await mailsTo(app, email);
    return mails.length ? /reset code is (\d{6})/.exec(mails.at(-1)!)![1] : null;
  };

  /** The owner, from an address of their own, asks for a code and resets the password with it. */
  async function ownerResets(email: string, address: string) {
    const owner = from(address);
    expect(answer(await owner.gql(FORGOT, { username: b64(email) }))).toMatchObject({
      forgotPassword: { success: true },
    });
    const code = await newestCode(email);
    expect(
      answer(await owner.gql(SUBMIT, { username: b64(email), confirmationCode: code, password: b64(NEW_PASSWORD) })),
    ).toMatchObject({ forgotPasswordSubmit: { success: true } });
  }

  /** Three codes asked for and each guessed wrongly five times; every answer, which must not depend on whether the account exists. */
  async function guessing(email: string, known: boolean) {
    const c = from('203.0.113.7');
    const answers: unknown[] = [];
    for (let round = 0; round < 3; round++) {
      answers.push(answer(await c.gql(FORGOT, { username: b64(email) })));
      const code = known ? await newestCode(email) : null;
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++)
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
    return answers;
  }

  it("burns a code at its fifth wrong guess and never locks the owner's reset, the same for unknown addresses", async () => {
    const email = 'viewer@harbourview.example';
    const known = await guessing(email, true);
    const mismatch = { message: RESET_ERRORS.wrongCode, code: AUTH_CODES.codeMismatch };
    const burnt = { message: RESET_ERRORS.codeBurnt, code: AUTH_CODES.expiredCode };
    expect(known.slice(1, 6)).toEqual([mismatch, mismatch, mismatch, mismatch, burnt]);
    expect(known.filter((a) => JSON.stringify(a) === JSON.stringify(burnt))).toHaveLength(3);
    expect(await guessing('nobody.here@harbourview.example', false)).toEqual(known);
    // Fifteen wrong codes later, the owner asks for a code and resets the password with it.
    await ownerResets(email, '198.51.100.9');
  });

  it(`sends at most ${CODES_SENT_PER_HOUR} reset codes an hour to each asking address: another address's asks do not stop the owner's`, async () => {
    const email = 'group.viewer@coastal.example';
    const attacker = from('203.0.113.8');
    for (let i = 0; i < CODES_SENT_PER_HOUR; i++)
      expect(answer(await attacker.gql(FORGOT, { username: b64(email) }))).toMatchObject({
        forgotPassword: { success: true },
      });
    expect(answer(await attacker.gql(FORGOT, { username: b64(email) }))).toEqual({
      message: RESET_ERRORS.lockedOut,
      code: AUTH_CODES.limitExceeded,
    });
    await ownerResets(email, '198.51.100.10');
  });
});

describe('sign-in failures lock the failing address, not the account', () => {
  const from = (address: string) => new AuthClient(app, { 'x-forwarded-for': address });

  it("lets the owner sign in from another address while an attacker's address is locked", async () => {
    const email = 'editor@harbourview.example';
    const attacker = from('203.0.113.9');
    for (let i = 0; i < MAX_FAILURES; i++)
      expect(answer(await attacker.login(email, `Wrong#Pass${i}`, false))).toMatchObject({
        code: AUTH_CODES.notAuthorized,
      });
    // The attacker's address is locked, even with the right password.
    expect(answer(await attacker.login(email, DEMO_PASSWORD, false))).toEqual({
      message: AUTH_SERVER_MESSAGES.attemptsExceeded,
      code: AUTH_CODES.limitExceeded,
    });
    // The owner, elsewhere, signs in.
    expect(answer(await from('198.51.100.11').login(email, DEMO_PASSWORD, false))).toMatchObject({
      login: { authFlow: 'MFA_REQUIRED' },
    });
    // ... and that success does not free the attacker's address.
    expect(answer(await attacker.login(email, DEMO_PASSWORD, false))).toMatchObject({ code: AUTH_CODES.limitExceeded });
  });

  it('counts failures at an account from every address, so past the ceiling each attempt waits, and a success clears it', async () => {
    const email = 'group.admin@coastal.example';
    for (let i = 0; i < ACCOUNT_CEILING; i++) await from(`203.0.113.${100 + i}`).login(email, 'Wrong#Pass1', false);
    const pressure = async () =>
      (await app.db.query<{ failures: number }>('select failures from login_pressure where email = $1', [email]))[0]
        ?.failures ?? 0;
    expect(await pressure()).toBe(ACCOUNT_CEILING);
    // No address is locked by it: the owner still signs in (and the count starts again).
    expect(answer(await from('198.51.100.12').login(email, DEMO_PASSWORD, false))).toMatchObject({
      login: { authFlow: 'MFA_REQUIRED' },
    });
    expect(await pressure()).toBe(0);
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
