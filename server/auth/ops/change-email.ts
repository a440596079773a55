import type { AppContext, Viewer } from '../../context';
import { userError } from '../../errors';
import {
  ACCOUNT_MESSAGES,
  AUTH_CODES,
  AUTH_SERVER_MESSAGES,
  EMAIL_CONFIRMATION,
  VALIDATION,
} from '../../../resources/auth/auth.messages';
import { FORM_MESSAGES } from '../../../resources/messages';
import { decodeBase64, maskEmail } from '../auth-input';
import { issueChallenge, withdrawChallenge } from '../challenges';
import { verifyPassword } from '../password-hash';
import { recordLoginFailure, recordLoginSuccess, reserveLoginAttempt } from '../login-throttle';
import { confirmEmailMail, emailChangeNoticeMail, emailInUseMail } from '../../mail/templates';
import { MailDeliveryError } from '../../mail/mailer';
import { runCommand } from '../../commands/run-command';

/**
 * A session alone must not move the account to another address (a stolen id_token would become a
 * permanent takeover): the current password is asked, counted like a sign-in attempt.
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  viewer: Viewer,
  encoded: string | null | undefined,
): Promise<void> {
  if (!encoded)
    throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', {
      currentPassword: [ACCOUNT_MESSAGES.currentPasswordNeeded],
    });
  const password = decodeBase64(encoded, 'currentPassword');
  if (!password)
    throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', { currentPassword: [VALIDATION.enterPassword] });
  const { blocked } = await ctx.db.transaction((tx) => reserveLoginAttempt(tx, viewer.email, ctx.address));
  if (blocked) throw userError(AUTH_SERVER_MESSAGES.attemptsExceeded, AUTH_CODES.limitExceeded);
  const [row] = await ctx.db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [
    viewer.id,
  ]);
  if (!row?.password_hash || !(await verifyPassword(row.password_hash, password))) {
    await ctx.db.transaction((tx) => recordLoginFailure(tx, viewer.email, ctx.address));
    throw userError(AUTH_SERVER_MESSAGES.invalidCredentials, AUTH_CODES.notAuthorized, {
      currentPassword: [AUTH_SERVER_MESSAGES.invalidCredentials],
    });
  }
  await ctx.db.transaction((tx) => recordLoginSuccess(tx, viewer.email, ctx.address));
}

/**
 * Records the new address as pending and mails it a confirmation link; the old address is told.
 * The answer is the same whether or not the new address has an account (an address in use gets a
 * notice instead of a link), so this call tells nobody which addresses exist.
 */
export async function requestEmailChange(ctx: AppContext, viewer: Viewer, newEmail: string): Promise<void> {
  const taken =
    (await ctx.db.query('select 1 from users where email = $1 and id <> $2', [newEmail, viewer.id])).length > 0;
  const issued = await runCommand(ctx, {
    authorize: () => viewer,
    write: async (tx) => {
      await tx.query('update users set pending_email = $2, updated_at = now() where id = $1', [
        viewer.id,
        taken ? null : newEmail,
      ]);
      return taken
        ? null
        : issueChallenge(tx, ctx.authKeys.codes, { userId: viewer.id, email: newEmail, purpose: 'VERIFY_EMAIL' });
    },
    history: () => ({
      action: 'user.request_email_change',
      subjectType: 'User',
      subjectId: viewer.id,
      label: `User: ${viewer.email}`,
      before: { email: viewer.email },
      after: { pending_email: newEmail },
      changes: [{ field: 'pending_email', before: null, after: newEmail }],
    }),
  });
  try {
    await ctx.mailer.deliver(
      issued ? confirmEmailMail(newEmail, confirmLink(ctx, issued.code)) : emailInUseMail(newEmail),
      ctx.log,
    );
  } catch (error) {
    if (issued) await ctx.db.transaction((tx) => withdrawChallenge(tx, issued));
    if (error instanceof MailDeliveryError) throw userError(EMAIL_CONFIRMATION.resendFailed, 'MAIL_UNAVAILABLE');
    throw error;
  }
  // The notice is best effort: the change cannot happen without the new address's link anyway.
  ctx.mailer.send(emailChangeNoticeMail(viewer.email, maskEmail(newEmail)), { log: ctx.log });
}

export function confirmLink(ctx: AppContext, code: string): string {
  const link = new URL('/verify-email', ctx.config.PUBLIC_URL);
  link.searchParams.set('code', code);
  return link.toString();
}
