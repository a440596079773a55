import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client';
import { CODE_LENGTH, CODE_VALID_MINUTES } from '../../resources/auth/password-policy';
import { WRONG_CODES_PER_HOUR, codeBudgetSpent, wrongCodesInLastHour, type Purpose } from './code-budget';
import { CODE_LOCK_MINUTES, MAX_CODE_ATTEMPTS } from '../../resources/auth/code-limits';

export type { Purpose };
/** Email links live longer than typed codes, and carry a long random token instead of six digits. */
const VERIFY_EMAIL_MINUTES = 24 * 60;

const hashCode = (secret: string, id: string, code: string) =>
  createHmac('sha256', secret).update(`${id}:${code}`).digest();

export type IssuedChallenge = { id: string; code: string; voided: string[] };

/** Issues a code for the email and purpose, killing any earlier open one (a resend invalidates the old code). */
export async function issueChallenge(
  tx: Queryable,
  secret: string,
  input: { userId: number | null; email: string; purpose: Purpose; address?: string },
): Promise<IssuedChallenge> {
  const id = randomUUID();
  const code =
    input.purpose === 'VERIFY_EMAIL'
      ? randomBytes(24).toString('base64url')
      : String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const minutes = input.purpose === 'VERIFY_EMAIL' ? VERIFY_EMAIL_MINUTES : CODE_VALID_MINUTES;
  const voided = await tx.query<{ id: string }>(
    `update auth_challenges set consumed_at = now() where email = $1 and purpose = $2 and consumed_at is null returning id`,
    [input.email, input.purpose],
  );
  await tx.query(
    `insert into auth_challenges (id, user_id, purpose, email, code_hash, expires_at, address)
     values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6), $7)`,
    [
      id,
      input.userId,
      input.purpose,
      input.email,
      hashCode(secret, id, code).toString('hex'),
      minutes,
      input.address ?? null,
    ],
  );
  return { id, code, voided: voided.map((r) => r.id) };
}

/**
 * Issues a sign-in or reset code unless the email's hourly budget is spent (then null). Calls for one
 * email queue behind each other here, so parallel requests cannot both take the last code.
 */
export async function issueBudgetedChallenge(
  tx: Queryable,
  secret: string,
  input: { userId: number | null; email: string; purpose: Purpose; address?: string },
) {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`code-budget:${input.email}`]);
  if (await codeBudgetSpent(tx, input.email, input.purpose, input.address)) return null;
  return issueChallenge(tx, secret, input);
}

/** Undoes an issue whose mail could not be delivered: the new code goes, the codes it voided work again. */
export async function withdrawChallenge(tx: Queryable, issued: IssuedChallenge): Promise<void> {
  await tx.query('delete from auth_challenges where id = $1', [issued.id]);
  if (issued.voided.length) {
    await tx.query('update auth_challenges set consumed_at = null where id = any($1::uuid[]) and expires_at > now()', [
      issued.voided,
    ]);
  }
}

export type CheckResult =
  | { outcome: 'ok'; userId: number | null }
  | { outcome: 'mismatch' | 'expired' | 'locked' | 'burnt' };

/**
 * Checks a code against one challenge (by id, or the newest open one for the email and purpose).
 * Constant-time comparison; single use. Every MAX_CODE_ATTEMPTS-th wrong code locks the challenge for
 * CODE_LOCK_MINUTES (even the right code fails meanwhile, and no guess is counted); afterwards the same
 * code works again until it expires, within the account's hourly budget of wrong codes. A reset code
 * is burnt instead at its MAX_CODE_ATTEMPTS-th wrong guess: the owner asks for a new one, and no
 * count of wrong codes ever locks the account's reset.
 */
export async function checkChallenge(
  tx: Queryable,
  secret: string,
  where: { id?: string; email?: string; purpose: Purpose },
  code: string,
): Promise<CheckResult> {
  const rows = where.id
    ? await tx.query<Row>(`${SELECT} where id = $1 and purpose = $2 for update`, [where.id, where.purpose])
    : await tx.query<Row>(
        `${SELECT} where email = $1 and purpose = $2 and consumed_at is null order by created_at desc limit 1 for update`,
        [where.email, where.purpose],
      );
  const row = rows[0];
  if (!row || row.consumed_at || row.expired) return { outcome: 'expired' };
  if (row.locked) return { outcome: 'locked' };
  // The row lock above queues guesses at this email's one open challenge, so the sum is current.
  if (where.purpose === 'LOGIN' && (await wrongCodesInLastHour(tx, row.email, where.purpose)) >= WRONG_CODES_PER_HOUR)
    return { outcome: 'locked' };
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = hashCode(secret, row.id, code);
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await tx.query('update auth_challenges set consumed_at = now() where id = $1', [row.id]);
    return { outcome: 'ok', userId: row.user_id };
  }
  if (where.purpose === 'RESET_PASSWORD' && row.attempts + 1 >= MAX_CODE_ATTEMPTS) {
    await tx.query('update auth_challenges set attempts = attempts + 1, consumed_at = now() where id = $1', [row.id]);
    return { outcome: 'burnt' };
  }
  const [{ locked }] = await tx.query<{ locked: boolean }>(
    `update auth_challenges set attempts = attempts + 1,
            locked_until = case when (attempts + 1) % $2 = 0 then now() + make_interval(mins => $3) end
      where id = $1 returning locked_until is not null as locked`,
    [row.id, MAX_CODE_ATTEMPTS, CODE_LOCK_MINUTES],
  );
  return { outcome: locked ? 'locked' : 'mismatch' };
}

type Row = {
  id: string;
  email: string;
  user_id: number | null;
  code_hash: string;
  attempts: number;
  consumed_at: Date | null;
  expired: boolean;
  locked: boolean;
};
const SELECT = `select id, email, user_id, code_hash, attempts, consumed_at, expires_at <= now() as expired,
  coalesce(locked_until > now(), false) as locked from auth_challenges`;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value);
