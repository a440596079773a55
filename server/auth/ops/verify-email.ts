import { z } from 'zod';
import type { AppContext, Viewer } from '../../context';
import { userError } from '../../errors';
import { EMAIL_CONFIRMATION } from '../../../resources/auth/auth.messages';
import { requireViewer } from '../guards';
import { checkChallenge, issueChallenge, withdrawChallenge } from '../challenges';
import { confirmEmailMail } from '../../mail/templates';
import { MailDeliveryError } from '../../mail/mailer';
import { runCommand } from '../../commands/run-command';
import { confirmLink } from './change-email';

/** The address waiting for confirmation: a requested new one, else the current one. */
async function addressToConfirm(ctx: AppContext, viewer: Viewer): Promise<{ email: string; pending: boolean }> {
  const [row] = await ctx.db.query<{ pending_email: string | null }>('select pending_email from users where id = $1', [
    viewer.id,
  ]);
  return row?.pending_email ? { email: row.pending_email, pending: true } : { email: viewer.email, pending: false };
}

/** Mails the link; a failed delivery keeps the previous link working and says so. */
export async function sendEmailConfirmation(ctx: AppContext, viewer: Pick<Viewer, 'id'>, email: string) {
  const issued = await ctx.db.transaction((tx) =>
    issueChallenge(tx, ctx.authKeys.codes, { userId: viewer.id, email, purpose: 'VERIFY_EMAIL' }),
  );
  try {
    await ctx.mailer.deliver(confirmEmailMail(email, confirmLink(ctx, issued.code)), ctx.log);
  } catch (error) {
    await ctx.db.transaction((tx) => withdrawChallenge(tx, issued));
    if (error instanceof MailDeliveryError) throw userError(EMAIL_CONFIRMATION.resendFailed, 'MAIL_UNAVAILABLE');
    throw error;
  }
}

const attributeName = z.literal('email', { message: 'Only the email address can be verified.' });

/** Sends (again) the link that confirms the signed-in user's email address, or the pending new one. */
export async function verifyCurrentUserAttribute(ctx: AppContext, args: { attributeName: string }) {
  const viewer = requireViewer(ctx);
  if (!attributeName.safeParse(args.attributeName).success)
    throw userError('Only the email address can be verified.', 'BAD_USER_INPUT');
  const target = await addressToConfirm(ctx, viewer);
  if (viewer.emailVerified && !target.pending)
    return { success: true, message: 'Your email address is already confirmed.' };
  await sendEmailConfirmation(ctx, viewer, target.email);
  return { success: true, message: EMAIL_CONFIRMATION.sent(target.email) };
}

/**
 * Confirms the address with the code from the link; the code must belong to the address waiting for
 * it. Confirming a pending address makes it the account's email (for sign-in and reset from then on).
 */
export async function verifyCurrentUserAttributeSubmit(
  ctx: AppContext,
  args: { attributeName: string; verificationCode: string },
) {
  const viewer = requireViewer(ctx);
  if (!attributeName.safeParse(args.attributeName).success)
    throw userError('Only the email address can be verified.', 'BAD_USER_INPUT');
  const code = String(args.verificationCode ?? '');
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(code)) throw userError("Couldn't verify your email.", 'ExpiredCodeException');
  const target = await addressToConfirm(ctx, viewer);
  const outcome = await runCommand(ctx, {
    authorize: () => viewer,
    write: async (tx) => {
      const checked = await checkChallenge(
        tx,
        ctx.authKeys.codes,
        { email: target.email, purpose: 'VERIFY_EMAIL' },
        code,
      );
      if (checked.outcome !== 'ok') return checked.outcome;
      // Taken meanwhile by another account: the unique email stays with that one.
      if (
        target.pending &&
        (await tx.query('select 1 from users where email = $1 and id <> $2', [target.email, viewer.id])).length
      )
        return 'expired';
      await tx.query(
        'update users set email = $2, pending_email = null, email_verified = true, updated_at = now() where id = $1',
        [viewer.id, target.email],
      );
      return 'ok' as const;
    },
    // A wrong or expired code commits its count and records no change.
    history: (result) =>
      result === 'ok'
        ? {
            action: 'user.verify_email',
            subjectType: 'User',
            subjectId: viewer.id,
            label: `User: ${target.email}`,
            before: target.pending ? { email: viewer.email } : undefined,
            after: { email: target.email },
          }
        : null,
  });
  if (outcome !== 'ok')
    throw userError(
      "Couldn't verify your email.",
      outcome === 'mismatch' ? 'CodeMismatchException' : 'ExpiredCodeException',
    );
  return { success: true, message: 'Your email address is confirmed.' };
}
