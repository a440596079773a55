import { setTimeout } from 'node:timers/promises';
import type { AppContext } from '../../context';
import { userError } from '../../errors';
import { AUTH_CODES, AUTH_SERVER_MESSAGES } from '../../../resources/auth/auth.messages';
import { CODE_VALID_MINUTES } from '../../../resources/auth/password-policy';
import { consumeAntiSpamPass } from '../antispam';
import { decodeBase64, maskEmail, normaliseEmail } from '../auth-input';
import { issueBudgetedChallenge, withdrawChallenge } from '../challenges';
import { isCommonPassword } from '../common-passwords';
import { COOKIES } from '../cookies';
import { hashPassword, verifyPassword } from '../password-hash';
import { recordLoginFailure, recordLoginSuccess, reserveLoginAttempt } from '../login-throttle';
import { signToken } from '../tokens';
import { signInCodeMail } from '../../mail/templates';
import { MailDeliveryError } from '../../mail/mailer';
import { antiSpamRefused, mailUnavailable } from './auth-errors';

let dummyHash: Promise<string> | undefined;
/** Unknown emails are checked against this hash so they take as long as known ones. */
const decoyHash = () => (dummyHash ??= hashPassword('decoy-password-for-timing-Aa1!'));

export type LoginArgs = { username: string; password: string };

/** Password step of sign-in. Every sign-in continues with an emailed code (MFA_REQUIRED). */
export async function login(ctx: AppContext, args: LoginArgs) {
  const rawEmail = decodeBase64(args.username, 'username', 700);
  const password = decodeBase64(args.password, 'password');
  if (!(await consumeAntiSpamPass(ctx, 'login'))) throw antiSpamRefused();

  const email = normaliseEmail(rawEmail) ?? rawEmail.trim().toLowerCase().slice(0, 254);
  const { blocked, delayMs } = await ctx.db.transaction((tx) => reserveLoginAttempt(tx, email, ctx.address));
  // Many failures at this account from everywhere: every attempt waits a little longer, none is locked out.
  if (delayMs) await setTimeout(delayMs);
  if (blocked) throw userError(AUTH_SERVER_MESSAGES.attemptsExceeded, AUTH_CODES.limitExceeded);

  const [user] = await ctx.db.query<{ id: number; password_hash: string | null }>(
    'select id, password_hash from users where email = $1',
    [email],
  );
  const matches = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
  if (!user?.password_hash || !matches) {
    await ctx.db.transaction((tx) => recordLoginFailure(tx, email, ctx.address));
    ctx.log.info({ event: 'login.failed' }, 'Sign-in refused');
    throw userError(AUTH_SERVER_MESSAGES.invalidCredentials, AUTH_CODES.notAuthorized);
  }
  await ctx.db.transaction((tx) => recordLoginSuccess(tx, email, ctx.address));
  if (isCommonPassword(password)) {
    throw userError(
      'Your password is on a list of known passwords and must be changed.',
      AUTH_CODES.passwordResetRequired,
    );
  }

  // Only someone with the password gets here, so a spent budget may say so (it reveals nothing new).
  const challenge = await ctx.db.transaction((tx) =>
    issueBudgetedChallenge(tx, ctx.authKeys.codes, { userId: user.id, email, purpose: 'LOGIN' }),
  );
  if (!challenge) {
    ctx.log.info({ event: 'login.code_budget_spent' }, 'Sign-in refused: code budget spent');
    throw userError(AUTH_SERVER_MESSAGES.attemptsExceeded, AUTH_CODES.limitExceeded);
  }
  try {
    await ctx.mailer.deliver(signInCodeMail(email, challenge.code), ctx.log);
  } catch (error) {
    // No code went out: the previous one (if any) keeps working, and no sign-in session is started.
    await ctx.db.transaction((tx) => withdrawChallenge(tx, challenge));
    if (error instanceof MailDeliveryError) throw mailUnavailable();
    throw error;
  }
  const session = await signToken(ctx.authKeys.jwt, 'mfa', { cid: challenge.id, email }, CODE_VALID_MINUTES * 60);
  ctx.cookies.set(COOKIES.mfa, session, { maxAgeSeconds: CODE_VALID_MINUTES * 60 });
  return {
    success: true,
    authFlow: 'MFA_REQUIRED',
    challengeName: 'EMAIL_OTP',
    challengeParameters: { codeDeliveryDeliveryMedium: 'EMAIL', codeDeliveryDestination: maskEmail(email) },
  };
}
