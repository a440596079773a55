import type { AppContext } from '../../context';
import { userError } from '../../errors';
import { AUTH_CODES, RESET_ERRORS } from '../../../resources/auth/auth.messages';
import { consumeAntiSpamPass } from '../antispam';
import { codeSchema, decodeBase64, requireEmail } from '../auth-input';
import { checkChallenge } from '../challenges';
import { recordLoginSuccess } from '../login-throttle';
import { refuseNewPassword, setPassword } from '../password-change';
import { clearSessionCookies, revokeAllSessions } from '../sessions';
import { runCommand } from '../../commands/run-command';
import { antiSpamRefused } from './auth-errors';

class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Confirms the reset code and sets the new password; every session of the user is revoked. */
export async function forgotPasswordSubmit(
  ctx: AppContext,
  args: { username: string; confirmationCode: string; password: string },
) {
  const email = requireEmail(decodeBase64(args.username, 'username', 700));
  const password = decodeBase64(args.password, 'password');
  const code = codeSchema.safeParse(args.confirmationCode);
  if (!code.success) throw userError(RESET_ERRORS.invalidOrExpired, AUTH_CODES.expiredCode);
  if (!(await consumeAntiSpamPass(ctx, 'reset_password'))) throw antiSpamRefused();

  try {
    // A wrong code must be remembered even though the operation fails, so the count commits first.
    const checked = await runCommand(ctx, {
      authorize: () => email,
      write: async (tx) => {
        const result = await checkChallenge(tx, ctx.authKeys.codes, { email, purpose: 'RESET_PASSWORD' }, code.data);
        if (result.outcome !== 'ok') return result;
        if (result.userId == null) return { outcome: 'expired' as const };
        const refusal = await refuseNewPassword(tx, result.userId, password);
        // Throwing rolls back, so the code stays usable with a better password.
        if (refusal)
          throw new Refused(
            refusal.kind === 'history' ? AUTH_CODES.passwordHistory : AUTH_CODES.invalidPassword,
            refusal.message,
            'password',
          );
        await setPassword(tx, result.userId, password);
        await revokeAllSessions(tx, result.userId, 'password_reset');
        await recordLoginSuccess(tx, email, null); // the mailbox's owner: every address starts again
        return result;
      },
      // The user resets their own password; a wrong code commits its count and records nothing.
      history: (result) =>
        result.outcome === 'ok' && 'userId' in result && result.userId != null
          ? {
              action: 'password.reset',
              subjectType: 'User',
              subjectId: result.userId,
              label: `User: ${email}`,
              changes: [{ field: 'password', before: 'changed', after: 'changed' }],
              actor: { userId: result.userId },
            }
          : null,
    });
    if (checked.outcome === 'mismatch') throw new Refused(AUTH_CODES.codeMismatch, RESET_ERRORS.wrongCode, 'code');
    if (checked.outcome === 'expired') throw new Refused(AUTH_CODES.expiredCode, RESET_ERRORS.invalidOrExpired, 'code');
    if (checked.outcome === 'locked') throw new Refused(AUTH_CODES.limitExceeded, RESET_ERRORS.lockedOut);
    if (checked.outcome === 'burnt') throw new Refused(AUTH_CODES.expiredCode, RESET_ERRORS.codeBurnt, 'code');
    if (checked.outcome === 'ok' && checked.userId != null)
      ctx.pubsub.publish('session:ended', { userId: checked.userId });
  } catch (error) {
    if (error instanceof Refused)
      throw userError(error.message, error.code, error.field ? { [error.field]: [error.message] } : undefined);
    throw error;
  }
  clearSessionCookies(ctx);
  return { success: true, message: 'Password successfully reset' };
}
