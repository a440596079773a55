import type { AppContext } from '../../context';
import { AUTH_CODES, RESET_ERRORS, VALIDATION } from '../../../resources/auth/auth.messages';
import { userError } from '../../errors';
import { consumeAntiSpamPass } from '../antispam';
import { decodeBase64, maskEmail, requireEmail } from '../auth-input';
import { issueBudgetedChallenge, withdrawChallenge } from '../challenges';
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
    issueBudgetedChallenge(tx, ctx.authKeys.codes, {
      userId: user?.id ?? null,
      email,
      purpose: 'RESET_PASSWORD',
      address: ctx.address,
    }),
  );
  // Decoys count against the budget too, so a spent budget answers the same for every address.
  if (!challenge) throw userError(RESET_ERRORS.lockedOut, AUTH_CODES.limitExceeded);
  // In the background, so the answer's timing does not tell whether the account exists. A failed
  // delivery is logged with this request's correlation id and the previous code works again.
  if (user) {
    ctx.mailer.send(resetCodeMail(email, challenge.code), {
      log: ctx.log,
      onFailed: () => ctx.db.transaction((tx) => withdrawChallenge(tx, challenge)),
    });
  }
  return {
    success: true,
    message: 'If an account exists for this email, a reset code has been sent.',
    codeDeliveryDetails: { destination: maskEmail(email), deliveryMedium: 'EMAIL', attributeName: 'email' },
  };
}
