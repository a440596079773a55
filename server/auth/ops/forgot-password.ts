import type { AppContext } from '../../context';
import { VALIDATION } from '../../../resources/auth/auth.messages';
import { consumeAntiSpamPass } from '../antispam';
import { decodeBase64, maskEmail, requireEmail } from '../auth-input';
import { issueChallenge } from '../challenges';
import { resetCodeMail } from '../../mail/templates';
import { antiSpamRefused } from './auth-errors';

/**
 * Emails a reset code. An unknown email gets the same answer and a decoy challenge (no mail),
 * so neither the response nor a later wrong code tells whether the account exists.
 */
export async function forgotPassword(ctx: AppContext, args: { username: string }) {
  const email = requireEmail(decodeBase64(args.username, 'username', 700), VALIDATION.validEmailForgot);
  if (!(await consumeAntiSpamPass(ctx, 'forgot_password'))) throw antiSpamRefused();
  const [user] = await ctx.db.query<{ id: number }>('select id from users where email = $1', [email]);
  const challenge = await ctx.db.transaction((tx) =>
    issueChallenge(tx, ctx.authKeys.codes, { userId: user?.id ?? null, email, purpose: 'RESET_PASSWORD' }),
  );
  if (user) ctx.mailer.send(resetCodeMail(email, challenge.code));
  return {
    success: true,
    message: 'If an account exists for this email, a reset code has been sent.',
    codeDeliveryDetails: { destination: maskEmail(email), deliveryMedium: 'EMAIL', attributeName: 'email' },
  };
}
