import type { Queryable } from '../db/client';
import { PASSWORD_HISTORY, passwordProblem } from '../../resources/auth/password-policy';
import { RESET_ERRORS } from '../../resources/auth/auth.messages';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password-hash';

export type PasswordRefusal = { kind: 'policy' | 'insecure' | 'history'; message: string };

/** Why a new password cannot be used, or null: policy, a well-known password, or one of the last 6. */
export async function refuseNewPassword(
  tx: Queryable,
  userId: number,
  password: string,
): Promise<PasswordRefusal | null> {
  const policy = passwordProblem(password);
  if (policy) return { kind: 'policy', message: policy };
  if (isCommonPassword(password)) return { kind: 'insecure', message: RESET_ERRORS.insecure };
  const previous = await tx.query<{ password_hash: string }>(
    `select password_hash from (
       select password_hash, now() as created_at from users where id = $1 and password_hash is not null
       union all
       select password_hash, created_at from password_history where user_id = $1
     ) p order by created_at desc limit $2`,
    [userId, PASSWORD_HISTORY],
  );
  for (const { password_hash } of previous) {
    if (await verifyPassword(password_hash, password)) return { kind: 'history', message: RESET_ERRORS.history };
  }
  return null;
}

/** Stores the new password, keeps the old one in the history, stamps the reset date. */
export async function setPassword(tx: Queryable, userId: number, password: string): Promise<void> {
  await tx.query(
    `insert into password_history (user_id, password_hash)
     select id, password_hash from users where id = $1 and password_hash is not null`,
    [userId],
  );
  await tx.query('update users set password_hash = $2, password_reset_at = now(), updated_at = now() where id = $1', [
    userId,
    await hashPassword(password),
  ]);
}
