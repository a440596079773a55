import type { Queryable } from '../db/client';

export const MAX_FAILURES = 5;

/** SQL: the email (an SQL expression) is locked out of password sign-in from some address right now. */
export const passwordLockedSql = (email: string) =>
  `exists (select 1 from login_throttle t where t.email = ${email} and t.locked_until > now())`;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 15 * 60;
/** Failures at one account, from any address, before its attempts start to wait. */
export const ACCOUNT_CEILING = 20;
/** The wait doubles every this many failures past the ceiling, from FIRST_DELAY_MS up to MAX_DELAY_MS. */
const DELAY_STEP = 5;
const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 8_000;
/** The account-wide count starts again after this long without a failure. */
const PRESSURE_MINUTES = 15;

/**
 * Counts the attempt before any credential is checked, so parallel attempts (a batch, aliases)
 * each count. Blocked when this address is locked for this account, or when this attempt is past
 * the limit. Other addresses are not blocked: an attacker's failures never lock the owner out.
 * Past the account-wide ceiling the attempt waits `delayMs` first (growing, never a lock).
 */
export async function reserveLoginAttempt(
  tx: Queryable,
  email: string,
  address: string,
): Promise<{ blocked: boolean; delayMs: number }> {
  const [row] = await tx.query<{ failures: number; locked: boolean }>(
    `insert into login_throttle (email, address, failures) values ($1, $2, 1)
     on conflict (email, address) do update set
       failures = case when login_throttle.locked_until > now() then login_throttle.failures else login_throttle.failures + 1 end,
       updated_at = now()
     returning failures, coalesce(locked_until > now(), false) as locked`,
    [email, address],
  );
  const [pressure] = await tx.query<{ failures: number }>(
    `insert into login_pressure (email, failures) values ($1, 1)
     on conflict (email) do update set
       failures = case when login_pressure.updated_at < now() - make_interval(mins => $2) then 1 else login_pressure.failures + 1 end,
       updated_at = now()
     returning failures`,
    [email, PRESSURE_MINUTES],
  );
  const delayMs = delayFor(pressure.failures);
  if (row.locked) return { blocked: true, delayMs };
  if (row.failures > MAX_FAILURES) {
    await lock(tx, email, address);
    return { blocked: true, delayMs };
  }
  return { blocked: false, delayMs };
}

/** How long an attempt waits when the account has had `failures` failures from everywhere. */
export function delayFor(failures: number): number {
  if (failures <= ACCOUNT_CEILING) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.floor((failures - ACCOUNT_CEILING - 1) / DELAY_STEP));
}

/** After a wrong password: the fifth failure from an address locks that address for 1 minute, doubling per lock, capped at 15 minutes. */
export async function recordLoginFailure(tx: Queryable, email: string, address: string): Promise<void> {
  const [row] = await tx.query<{ failures: number }>(
    'select failures from login_throttle where email = $1 and address = $2',
    [email, address],
  );
  if (row && row.failures >= MAX_FAILURES) await lock(tx, email, address);
}

/** The right password: this address starts again (every address after a password reset: null), and so does the account-wide count. */
export async function recordLoginSuccess(tx: Queryable, email: string, address: string | null): Promise<void> {
  await tx.query(
    `update login_throttle set failures = 0, lock_level = 0, locked_until = null
      where email = $1 and ($2::text is null or address = $2)`,
    [email, address],
  );
  await tx.query('delete from login_pressure where email = $1', [email]);
}

async function lock(tx: Queryable, email: string, address: string) {
  await tx.query(
    `update login_throttle set
       locked_until = now() + make_interval(secs => least($3::float8 * power(2, lock_level), $4::float8)),
       lock_level = lock_level + 1, failures = 0, updated_at = now()
     where email = $1 and address = $2 and (locked_until is null or locked_until <= now())`,
    [email, address, FIRST_LOCK_SECONDS, MAX_LOCK_SECONDS],
  );
}
