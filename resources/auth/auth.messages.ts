import { CODE_LOCK_MINUTES } from './code-limits';
/** Every text of the sign-in, MFA, password and email screens (spec §2, §4, §5, §8). */
export const AUTH_TEXT = {
  signInHeading: 'Sign in to manage your property',
  signInIntro: 'Please complete the following details to sign in:',
  mfaBanner: 'Multi-factor authentication is coming to the portal soon.',
  forgotLink: 'Forgotten your email or password?',
  mfaTitle: 'Enter Verification Code',
  codeLabel: 'Verification code',
  submit: 'Submit',
  verifying: 'Verifying...',
  resend: 'Resend',
  forgotTitle: 'Reset your password',
  forgotTitleForced: "It's time to reset your password",
  resetTitle: 'Choose a new password',
  resetNotice: 'Something went wrong, please request a new password reset link.',
  resetSuccess: 'Password successfully reset',
  verifyEmailFailed: "Couldn't verify your email.",
  resendConfirmation: 'Resend confirmation',
  updateEmail: 'Update email address',
} as const;

export const VALIDATION = {
  enterEmail: 'Enter your email',
  validEmail: 'Enter a valid email',
  validEmailForgot: 'Please enter a valid email address',
  enterPassword: 'Enter your password',
  minLength: 'Minimum 8 characters',
  weakPassword: 'Password does not meet strength requirement',
  mismatch: 'Passwords do not match',
  enterCode: 'Enter your verification code',
  codeLength: 'Enter the 6-digit code',
} as const;

/** The banners of sign-in errors: a title and a detail (spec §8). */
export const SIGN_IN_ERRORS = {
  invalidCredentials: { title: 'Invalid email or password', detail: 'Please check your credentials and try again.' },
  antiSpam: {
    title: 'Anti-spam verification failed',
    detail: 'There was an error verifying reCAPTCHA. Please try signing in again.',
  },
  blocked: { title: 'Access temporarily blocked', detail: 'Too many failed attempts. Please try again later.' },
  insecurePassword: {
    title: 'Insecure password detected',
    detail: 'To protect your account, please change your password.',
  },
  other: { title: 'Sorry something went wrong', detail: 'Please contact support.' },
} as const;

export const MFA_ERRORS = {
  invalidCode: { title: 'Invalid code', detail: 'Please check your code and try again.' },
} as const;

export const MFA_MODALS = {
  expired: {
    title: 'New Code Required',
    body: 'Your verification code has expired. Return to sign in to get a new code.',
    action: 'Return to sign in',
  },
  lockedOut: {
    title: 'Account Temporarily Locked',
    body: `Too many incorrect codes were entered. Please wait ${CODE_LOCK_MINUTES} minute, then enter the same code again.`,
    action: 'OK',
  },
  resend: {
    title: 'Resend Verification Code',
    body: 'To receive a new code, go back to sign in and enter your email and password again.',
    action: 'Back to sign in',
  },
} as const;

export const RESET_ERRORS = {
  invalidOrExpired: 'Invalid or expired code',
  wrongCode: 'The verification code is incorrect. Please check it and try again.',
  history: 'New password must be different from your previous 6 passwords',
  insecure: 'For security reasons, this password cannot be used. Please try a different one.',
  lockedOut: 'Too many attempts. Please wait a few minutes before trying again.',
  codeBurnt: 'This code was entered wrongly too many times and no longer works. Ask for a new code.',
} as const;

export const EMAIL_CONFIRMATION = {
  resendFailed: "Couldn't resend the confirmation email. Please try again later.",
  sent: (email: string) => `A confirmation email has been sent to ${email}.`,
} as const;

/** Error codes of the auth operations (Cognito's names, which the portal's client expects). */
export const AUTH_CODES = {
  notAuthorized: 'NotAuthorizedException',
  codeMismatch: 'CodeMismatchException',
  expiredCode: 'ExpiredCodeException',
  limitExceeded: 'LimitExceededException',
  tooManyRequests: 'TooManyRequestsException',
  passwordResetRequired: 'PasswordResetRequiredException',
  invalidPassword: 'InvalidPasswordException',
  passwordHistory: 'PasswordHistoryPolicyViolationException',
  antiSpam: 'AntiSpamVerificationFailed',
  missingSession: 'MissingSessionToken',
  unsupportedFlow: 'UnsupportedAuthFlow',
} as const;

/**
 * Sign-out that could not reach the server (spec §2 shows only the way through): the session's own
 * cookies are the server's to clear, so the user is told they may still be signed in here.
 */
export const SIGN_OUT_TEXTS = {
  signingOut: 'Signing out…',
  failedTitle: "We couldn't sign you out",
  failedBody:
    'The portal could not reach the server, so you may still be signed in on this device. Check your connection and try again.',
} as const;

/** Messages that carry meaning inside a NotAuthorizedException (as Cognito sends them). */
export const AUTH_SERVER_MESSAGES = {
  invalidCredentials: 'Incorrect username or password.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  tooManyCodes: 'Too many invalid credentials attempts. User temporarily locked. Please try again after a minute.',
  attemptsExceeded: 'Password attempts exceeded',
  invalidCode: 'Invalid code provided, please request a code again.',
} as const;

/** Our own texts of the account screens, shared by the portal and the API. */
export const ACCOUNT_MESSAGES = {
  currentPasswordNeeded: 'Enter your current password to change your email.',
} as const;
