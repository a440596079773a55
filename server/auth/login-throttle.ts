import type { Queryable } from '../db/client';

export const MAX_FAILURES = 5;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 15 * 60;

/**
 * Counts the attempt before any credential is checked, so parallel attempts (a batch, aliases)
 * each count. Blocked when locked, or when this attempt is past the limit.
 */
export async function reserveLoginAttempt(tx: Queryable, email: string): Promise<{ blocked: boolean }> {
  const [row] = await tx.query<{ failures: number; locked: boolean }>(
    `insert into login_throttle (email, failures) values ($1, 1)
     on conflict (email) do update set
       failures = case when login_throttle.locked_until > now() then login_throttle.failures else login_throttle.failures + 1 end,
       updated_at = now()
     returning failures, coalesce(locked_until > now(), false) as locked`,
    [email],
  );
  if (row.locked) return { blocked: true };
  if (row.failures > MAX_FAILURES) {
    await lock(tx, email);
    return { blocked: true };
  }
  return { blocked: false };
}

/** After a wrong password: the fifth failure locks for 1 minute, doubling per lock, capped at 15 minutes. */
export async function recordLoginFailure(tx: Queryable, email: string): Promise<void> {
  const [row] = await tx.query<{ failures: number }>('select failures from login_throttle where email = $1', [email]);
  if (row && row.failures >= MAX_FAILURES) await lock(tx, email);
}

export async function recordLoginSuccess(tx: Queryable, email: string): Promise<void> {
  await tx.query('update login_throttle set failures = 0, lock_level = 0, locked_until = null where email = $1', [
    email,
  ]);
}

async function lock(tx: Queryable, email: string) {
  await tx.query(
    `update login_throttle set
       locked_until = now() + make_interval(secs => least($2::float8 * power(2, lock_level), $3::float8)),
       lock_level = lock_level + 1, failures = 0, updated_at = now()
     where email = $1 and (locked_until is null or locked_until <= now())`,
    [email, FIRST_LOCK_SECONDS, MAX_LOCK_SECONDS],
  );
}
