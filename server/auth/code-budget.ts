import type { Queryable } from '../db/client';
/** What an emailed code is for. */
export type Purpose = 'LOGIN' | 'RESET_PASSWORD' | 'VERIFY_EMAIL';

/**
 * Per-account limits across challenges. Each challenge allows MAX_CODE_ATTEMPTS guesses, and a new
 * Login or ForgotPassword makes a new challenge, so without a budget per email the guesses never end.
 * Counted per email (known or not: the decoy challenge of an unknown email counts the same).
 */
export const WRONG_CODES_PER_HOUR = 10;
/** Enough for a busy day's sign-ins, too few to flood a mailbox. */
export const CODES_SENT_PER_HOUR = 20;

const WINDOW = `created_at > now() - interval '1 hour'`;

export async function wrongCodesInLastHour(tx: Queryable, email: string, purpose: Purpose): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select coalesce(sum(attempts), 0)::int as n from auth_challenges where email = $1 and purpose = $2 and ${WINDOW}`,
    [email, purpose],
  );
  return row.n;
}

/** Codes sent for this email and purpose this hour; a reset code's are counted per address that asked (null: every address). */
export async function codesSentInLastHour(
  tx: Queryable,
  email: string,
  purpose: Purpose,
  address: string | null = null,
): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from auth_challenges
      where email = $1 and purpose = $2 and ${WINDOW} and ($3::text is null or address = $3)`,
    [email, purpose, address],
  );
  return row.n;
}

/**
 * True when this email may not get another code of this purpose for now. Sign-in codes: the
 * account's hourly budgets of wrong and sent codes. Reset codes: only what this address asked for
 * (each reset code burns after its fifth wrong guess), so nobody else can use up the owner's reset.
 */
export async function codeBudgetSpent(
  tx: Queryable,
  email: string,
  purpose: Purpose,
  address?: string,
): Promise<boolean> {
  if (purpose === 'RESET_PASSWORD')
    return (await codesSentInLastHour(tx, email, purpose, address ?? 'local')) >= CODES_SENT_PER_HOUR;
  return (
    (await wrongCodesInLastHour(tx, email, purpose)) >= WRONG_CODES_PER_HOUR ||
    (await codesSentInLastHour(tx, email, purpose)) >= CODES_SENT_PER_HOUR
  );
}
