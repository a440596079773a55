import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AppContext, AppServices } from '../context';
import type { Queryable } from '../db/client';
import { COOKIES } from './cookies';
import { signToken, verifyToken } from './tokens';

/** The actions of spec §7's ValidateToken. */
export const ANTISPAM_ACTIONS = ['login', 'forgot_password', 'reset_password', 'mfa_code'] as const;
export type AntiSpamAction = (typeof ANTISPAM_ACTIONS)[number];

const CHALLENGE_TTL_SECONDS = 5 * 60;
const PASS_TTL_SECONDS = 2 * 60;

/** A proof-of-work challenge for one action (ALTCHA v2, PBKDF2), signed so the server keeps no state. */
export async function createAntiSpamChallenge(services: AppServices, action: AntiSpamAction): Promise<Challenge> {
  const { ANTISPAM_COST: cost, ANTISPAM_MAX_COUNTER: max } = services.config;
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost,
    counter: randomInt(max, Math.floor(max / 2)),
    deriveKey,
    data: { action },
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    hmacSignatureSecret: services.authKeys.antispam,
    hmacKeySignatureSecret: services.authKeys.antispamKey,
  });
}

export type TokenCheck = { success: boolean; errorCodes: string[]; action?: AntiSpamAction };

/** Verifies a widget payload (or reCAPTCHA token); each proof is good once. On success a pass cookie for its action is set. */
export async function validateAntiSpamToken(ctx: AppContext, token: string): Promise<TokenCheck> {
  const check = ctx.config.RECAPTCHA_SECRET ? await checkRecaptcha(ctx, token) : await checkAltcha(ctx, token);
  if (!check.success || !check.action) return check;
  const fingerprint = createHash('sha256').update(token).digest('hex');
  if (!(await spend(ctx.db, `proof:${fingerprint}`, CHALLENGE_TTL_SECONDS)))
    return { success: false, errorCodes: ['timeout-or-duplicate'] };
  const pass = await signToken(ctx.authKeys.jwt, 'antispam', { act: check.action }, PASS_TTL_SECONDS);
  ctx.cookies.set(COOKIES.antispam, pass, { maxAgeSeconds: PASS_TTL_SECONDS });
  return check;
}

/** True when the request carries an unspent pass for this action; spends it. Called before any credential is read. */
export async function consumeAntiSpamPass(ctx: AppContext, action: AntiSpamAction): Promise<boolean> {
  if (ctx.config.ANTISPAM_PROVIDER === 'off') return true;
  const claims = await verifyToken<{ act: string }>(ctx.authKeys.jwt, 'antispam', ctx.cookies.get(COOKIES.antispam));
  if (!claims || claims.act !== action || !claims.jti) return false;
  if (!(await spend(ctx.db, `pass:${claims.jti}`, PASS_TTL_SECONDS))) return false;
  ctx.cookies.clear(COOKIES.antispam);
  return true;
}

async function spend(db: Queryable, fingerprint: string, ttlSeconds: number): Promise<boolean> {
  await db.query('delete from antispam_spent where expires_at < now()');
  const rows = await db.query(
    `insert into antispam_spent (fingerprint, expires_at) values ($1, now() + make_interval(secs => $2))
     on conflict (fingerprint) do nothing returning fingerprint`,
    [fingerprint, ttlSeconds],
  );
  return rows.length === 1;
}

async function checkAltcha(ctx: AppContext, token: string): Promise<TokenCheck> {
  let payload: { challenge: Challenge; solution: Solution };
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (!payload?.challenge?.parameters || !payload.solution) throw new Error('shape');
  } catch {
    return { success: false, errorCodes: ['invalid-input-response'] };
  }
  const action = payload.challenge.parameters.data?.action;
  if (!ANTISPAM_ACTIONS.includes(action as AntiSpamAction)) return { success: false, errorCodes: ['invalid-action'] };
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: ctx.authKeys.antispam,
    hmacKeySignatureSecret: ctx.authKeys.antispamKey,
  }).catch(() => ({ verified: false, expired: false }));
  if (result.expired) return { success: false, errorCodes: ['timeout-or-duplicate'] };
  if (!result.verified) return { success: false, errorCodes: ['invalid-input-response'] };
  return { success: true, errorCodes: [], action: action as AntiSpamAction };
}

async function checkRecaptcha(ctx: AppContext, token: string): Promise<TokenCheck> {
  const body = new URLSearchParams({ secret: ctx.config.RECAPTCHA_SECRET!, response: token });
  try {
    const response = await fetch(ctx.config.RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
    });
    const result = (await response.json()) as {
      success: boolean;
      action?: string;
      score?: number;
      'error-codes'?: string[];
    };
    if (!result.success) return { success: false, errorCodes: result['error-codes'] ?? ['invalid-input-response'] };
    if (!ANTISPAM_ACTIONS.includes(result.action as AntiSpamAction))
      return { success: false, errorCodes: ['invalid-action'] };
    if ((result.score ?? 1) < 0.5) return { success: false, errorCodes: ['low-score'] };
    return { success: true, errorCodes: [], action: result.action as AntiSpamAction };
  } catch {
    return { success: false, errorCodes: ['verification-unavailable'] };
  }
}
