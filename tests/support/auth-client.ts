import { mailsInOutbox } from './mail-files';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { parse as parseSetCookie } from 'set-cookie-parser';
import { createAntiSpamChallenge, type AntiSpamAction } from '../../server/auth/antispam';
import type { GqlResult, TestApp } from './test-app';

export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export type Cookie = { value: string; httpOnly: boolean; secure: boolean; sameSite?: string };

/** One browser's worth of state against the API: a cookie jar and the auth steps. */
export class AuthClient {
  readonly cookies = new Map<string, Cookie>();
  constructor(
    private readonly app: TestApp,
    private readonly headers: Record<string, string> = {},
  ) {}

  async gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    extraHeaders: Record<string, string> = {},
  ): Promise<GqlResult<T>> {
    return this.post(JSON.stringify({ query, variables }), extraHeaders);
  }

  async batch(operations: { query: string; variables?: Record<string, unknown> }[]) {
    const res = await this.post(JSON.stringify(operations));
    return res.body as unknown as GqlResult['body'][];
  }

  private async post(body: string, extraHeaders: Record<string, string> = {}): Promise<any> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const response = await this.app.postGraphql({
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...this.headers, ...extraHeaders },
      body,
    });
    for (const c of parseSetCookie(response.headers.getSetCookie())) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else
        this.cookies.set(c.name, {
          value: c.value,
          httpOnly: Boolean(c.httpOnly),
          secure: Boolean(c.secure),
          sameSite: c.sameSite,
        });
    }
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  /** Solves a proof-of-work challenge as the widget would and returns its payload. */
  async solve(action: AntiSpamAction, challenge?: Awaited<ReturnType<typeof createAntiSpamChallenge>>) {
    const c = challenge ?? (await createAntiSpamChallenge(this.app.services, action));
    const solution = await solveChallenge({ challenge: c, deriveKey });
    return b64(JSON.stringify({ challenge: { parameters: c.parameters, signature: c.signature }, solution }));
  }

  async passAntiSpam(action: AntiSpamAction) {
    const res = await this.gql(VALIDATE, { token: await this.solve(action) });
    if (!res.body.data?.validateToken.success) throw new Error(`anti-spam failed: ${JSON.stringify(res.body)}`);
  }

  async login(email: string, password: string, withAntiSpam = true) {
    if (withAntiSpam) await this.passAntiSpam('login');
    return this.gql(LOGIN, { username: b64(email), password: b64(password) });
  }

  async submitCode(email: string, code: string) {
    await this.passAntiSpam('mfa_code');
    return this.gql(MFA, { otpCode: code, challengeName: 'EMAIL_OTP', username: b64(email) });
  }

  async signIn(email: string, password: string) {
    const res = await this.login(email, password);
    if (res.body.errors) throw new Error(`login failed: ${JSON.stringify(res.body.errors)}`);
    const done = await this.submitCode(email, await latestCode(this.app, email));
    if (done.body.errors) throw new Error(`mfa failed: ${JSON.stringify(done.body.errors)}`);
    return done;
  }
}

export const VALIDATE =
  'mutation ValidateToken($token: String!) { validateToken(token: $token) { success errorCodes } }';
export const LOGIN = `mutation Login($username: String!, $password: String!) {
  login(username: $username, password: $password) { success authFlow challengeName challengeParameters { codeDeliveryDeliveryMedium codeDeliveryDestination } } }`;
export const MFA = `mutation MfaCode($otpCode: String!, $challengeName: String!, $username: String!) {
  mfaCode(otpCode: $otpCode, challengeName: $challengeName, username: $username) { success authFlow } }`;
export const VIEWER =
  'query UserAttributes { viewer { id attributes { id propertyGroupId role } user { email isFirstLogin passwordHasExpired isStaff } } }';

/** Every message in the outbox to this address, oldest first. */
export async function mailsTo(app: TestApp, email: string): Promise<string[]> {
  await app.services.mailer.idle();
  return mailsInOutbox(app.services.mailer.outboxDir!, email);
}

export async function latestCode(app: TestApp, email: string): Promise<string> {
  const mails = await mailsTo(app, email);
  const code = /code is (\d{6})/.exec(mails.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
