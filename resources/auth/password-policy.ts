import { VALIDATION } from './auth.messages';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HISTORY = 6;
export const PASSWORD_EXPIRY_DAYS = 90;
export const CODE_LENGTH = 6;
export const CODE_VALID_MINUTES = 10;

export const SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** The on-screen checklist (spec §5), in order. */
export const PASSWORD_CHECKS = [
  { label: '1 uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { label: '1 lowercase', test: (p: string) => /[a-z]/.test(p) },
  { label: '1 number', test: (p: string) => /\d/.test(p) },
  { label: '1 special character', test: (p: string) => [...p].some((c) => SPECIAL_CHARACTERS.includes(c)) },
  { label: 'minimum 8 characters', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
] as const;

export const MATCH_CHECK_LABEL = 'passwords match';

/** Null when the password meets the policy, else the spec's message. */
export function passwordProblem(password: string): string | null {
  if (!password) return VALIDATION.enterPassword;
  if (password.length < PASSWORD_MIN_LENGTH) return VALIDATION.minLength;
  return PASSWORD_CHECKS.every((c) => c.test(password)) ? null : VALIDATION.weakPassword;
}

/** Expired when the last reset is on or before 90 days ago, unless this is the first login (spec §4). */
export function passwordHasExpired(lastReset: Date | null, isFirstLogin: boolean, now = new Date()): boolean {
  if (isFirstLogin || !lastReset) return false;
  const limit = new Date(now.getTime() - PASSWORD_EXPIRY_DAYS * 24 * 60 * 60 * 1000);
  return lastReset.getTime() <= limit.getTime();
}
