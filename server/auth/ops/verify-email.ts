import { z } from 'zod';
import type { AppContext, Viewer } from '../../context';
import { userError } from '../../errors';
import { EMAIL_CONFIRMATION } from '../../../resources/auth/auth.messages';
import { requireViewer } from '../guards';
import { checkChallenge, issueChallenge } from '../challenges';
import { confirmEmailMail } from '../../mail/templates';
import { writeAudit } from '../../audit/write-audit';

export async function sendEmailConfirmation(ctx: AppContext, viewer: Pick<Viewer, 'id' | 'email'>) {
  const { code } = await ctx.db.transaction((tx) => issueChallenge(tx, ctx.authKeys.codes, { userId: viewer.id, email: viewer.email, purpose: 'VERIFY_EMAIL' }));
  const link = new URL('/verify-email', ctx.config.PUBLIC_URL);
  link.searchParams.set('code', code);
  ctx.mailer.send(confirmEmailMail(viewer.email, link.toString()));
}

const attributeName = z.literal('email', { message: 'Only the email address can be verified.' });

/** Sends (again) the link that confirms the signed-in user's email address. */
export async function verifyCurrentUserAttribute(ctx: AppContext, args: { attributeName: string }) {
  const viewer = requireViewer(ctx);
  if (!attributeName.safeParse(args.attributeName).success) throw userError('Only the email address can be verified.', 'BAD_USER_INPUT');
  if (viewer.emailVerified) return { success: true, message: 'Your email address is already confirmed.' };
  await sendEmailConfirmation(ctx, viewer);
  return { success: true, message: EMAIL_CONFIRMATION.sent(viewer.email) };
}

/** Confirms the email with the code from the link; the code must belong to the current address. */
export async function verifyCurrentUserAttributeSubmit(ctx: AppContext, args: { attributeName: string; verificationCode: string }) {
  const viewer = requireViewer(ctx);
  if (!attributeName.safeParse(args.attributeName).success) throw userError('Only the email address can be verified.', 'BAD_USER_INPUT');
  const code = String(args.verificationCode ?? '');
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(code)) throw userError("Couldn't verify your email.", 'ExpiredCodeException');
  const outcome = await ctx.db.transaction(async (tx) => {
    const checked = await checkChallenge(tx, ctx.authKeys.codes, { email: viewer.email, purpose: 'VERIFY_EMAIL' }, code);
    if (checked.outcome === 'ok') {
      await tx.query('update users set email_verified = true, updated_at = now() where id = $1', [viewer.id]);
      await writeAudit(tx, { actorUserId: viewer.id, action: 'user.verify_email', subjectType: 'User', subjectId: viewer.id, after: { email: viewer.email }, correlationId: ctx.correlationId });
    }
    return checked.outcome;
  });
  if (outcome !== 'ok') throw userError("Couldn't verify your email.", outcome === 'mismatch' ? 'CodeMismatchException' : 'ExpiredCodeException');
  return { success: true, message: 'Your email address is confirmed.' };
}
