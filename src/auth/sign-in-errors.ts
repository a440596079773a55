import { AUTH_CODES, AUTH_SERVER_MESSAGES, SIGN_IN_ERRORS } from '../../resources/auth/auth.messages';
import type { GqlError } from '../../providers/graphql-request';

export type Banner = { title: string; detail: string };

/** A banner as one line, 'Title - Detail', where only a line fits. */
export const bannerLine = (b: Banner) => `${b.title} - ${b.detail}`;

/** Spec §8: the banner a sign-in failure shows. */
export function signInBanner(error: GqlError): Banner {
  switch (error.code) {
    case AUTH_CODES.notAuthorized:
      return error.message === AUTH_SERVER_MESSAGES.attemptsExceeded
        ? SIGN_IN_ERRORS.blocked
        : SIGN_IN_ERRORS.invalidCredentials;
    case AUTH_CODES.limitExceeded:
    case AUTH_CODES.tooManyRequests:
      return SIGN_IN_ERRORS.blocked;
    case AUTH_CODES.antiSpam:
      return SIGN_IN_ERRORS.antiSpam;
    case AUTH_CODES.passwordResetRequired:
    case AUTH_CODES.invalidPassword:
      return SIGN_IN_ERRORS.insecurePassword;
    default:
      return SIGN_IN_ERRORS.other;
  }
}

export type MfaOutcome = 'invalidCode' | 'expired' | 'lockedOut' | 'generic';

/** Spec §8: what an MfaCode failure means for the code screen. */
export function mfaOutcome(error: GqlError): MfaOutcome {
  if (error.code === AUTH_CODES.codeMismatch) return 'invalidCode';
  if (error.code === AUTH_CODES.missingSession || error.code === AUTH_CODES.expiredCode) return 'expired';
  if (error.code === AUTH_CODES.notAuthorized && /session is expired/i.test(error.message)) return 'expired';
  if (/Too many invalid credentials attempts/i.test(error.message)) return 'lockedOut';
  return 'generic';
}
