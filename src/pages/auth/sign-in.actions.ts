import { GqlError, gqlRequest, toBase64 } from '../../../providers/graphql-request';
import { deleteCookie } from '../../../providers/browser-cookies';
import { clearMfaState, saveMfaState } from '../../auth/mfa-state';
import { signInBanner, type Banner } from '../../auth/sign-in-errors';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { SIGN_IN_ERRORS } from '../../../resources/auth/auth.messages';
import type { LoginMutation } from '../../generated/graphql-types';

/**
 * What sign-in does with the server, loaded just after the form is drawn (the GraphQL transport,
 * the auth documents and the banners are not needed to show it).
 */

/** Signed in already: true. Otherwise any stale tokens are dropped and it is false. */
export async function alreadySignedIn(): Promise<boolean> {
  try {
    await gqlRequest(AUTH_DOCS.userAttributes);
    return true;
  } catch {
    await gqlRequest(AUTH_DOCS.logout).catch(() => undefined);
    deleteCookie('id_token');
    clearMfaState();
    return false;
  }
}

export type SignInOutcome =
  | { next: 'mfa'; destination?: string | null }
  | { next: 'signed-in' }
  | { next: 'banner'; banner: Banner };

/** The password step: where it leads (the code screen, the portal) or the banner to show. */
export async function logIn(email: string, password: string, from: string): Promise<SignInOutcome> {
  try {
    const { login } = await gqlRequest<LoginMutation>(AUTH_DOCS.login, {
      username: toBase64(email),
      password: toBase64(password),
    });
    if (login.authFlow === 'MFA_REQUIRED') {
      const destination = login.challengeParameters?.codeDeliveryDestination;
      saveMfaState({ username: email, destination: destination ?? email, from });
      return { next: 'mfa', destination };
    }
    if (login.authFlow === 'USER_PASSWORD') return { next: 'signed-in' };
    return { next: 'banner', banner: SIGN_IN_ERRORS.other };
  } catch (error) {
    return { next: 'banner', banner: bannerFor(error) };
  }
}

/** The banner for a failure before or during the password step (the anti-spam check's too). */
export const bannerFor = (error: unknown): Banner =>
  error instanceof GqlError ? signInBanner(error) : SIGN_IN_ERRORS.other;
