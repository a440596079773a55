import { describe, expect, it } from 'vitest';
import { GqlError } from '../../providers/graphql-request';
import { mfaOutcome, signInBanner } from '../../src/auth/sign-in-errors';
import { EMAIL_CONFIRMATION, SIGN_IN_ERRORS } from '../../resources/auth/auth.messages';
import { passwordHasExpired, passwordProblem } from '../../resources/auth/password-policy';
import { phoneForDisplay, phoneForSaving } from '../../resources/auth/phone';
import { newPasswordForm, resetPasswordForm, signInForm } from '../../resources/auth/auth.forms';

const banner = (code: string, message = '') => {
  const b = signInBanner(new GqlError(code, message));
  return `${b.title} - ${b.detail}`;
};

describe('sign-in banners (spec §8)', () => {
  it('maps each server code to the spec text', () => {
    expect(banner('NotAuthorizedException', 'Incorrect username or password.')).toBe(
      'Invalid email or password - Please check your credentials and try again.',
    );
    expect(banner('AntiSpamVerificationFailed')).toBe(
      'Anti-spam verification failed - There was an error verifying reCAPTCHA. Please try signing in again.',
    );
    expect(banner('LimitExceededException')).toBe(
      'Access temporarily blocked - Too many failed attempts. Please try again later.',
    );
    expect(banner('NotAuthorizedException', 'Password attempts exceeded')).toBe(
      'Access temporarily blocked - Too many failed attempts. Please try again later.',
    );
    expect(banner('PasswordResetRequiredException')).toBe(
      'Insecure password detected - To protect your account, please change your password.',
    );
    expect(banner('InvalidPasswordException')).toBe(
      'Insecure password detected - To protect your account, please change your password.',
    );
    expect(banner('Whatever')).toBe('Sorry something went wrong - Please contact support.');
    expect(Object.keys(SIGN_IN_ERRORS)).toHaveLength(5);
  });

  it('maps MFA failures to the form state of spec §8', () => {
    expect(mfaOutcome(new GqlError('CodeMismatchException', 'x'))).toBe('invalidCode');
    expect(mfaOutcome(new GqlError('MissingSessionToken', 'x'))).toBe('expired');
    expect(
      mfaOutcome(new GqlError('NotAuthorizedException', 'Invalid session for the user, session is expired.')),
    ).toBe('expired');
    expect(
      mfaOutcome(
        new GqlError('NotAuthorizedException', 'Too many invalid credentials attempts. User temporarily locked.'),
      ),
    ).toBe('lockedOut');
    expect(mfaOutcome(new GqlError('UNKNOWN', 'boom'))).toBe('generic');
  });

  it('has the email confirmation texts', () => {
    expect(EMAIL_CONFIRMATION.resendFailed).toBe("Couldn't resend the confirmation email. Please try again later.");
    expect(EMAIL_CONFIRMATION.sent('a@b.example')).toBe('A confirmation email has been sent to a@b.example.');
  });
});

describe('password policy and forms (spec §5)', () => {
  it('checks the new password', () => {
    expect(passwordProblem('')).toBe('Enter your password');
    expect(passwordProblem('Ab1!')).toBe('Minimum 8 characters');
    expect(passwordProblem('abcdefgh1!')).toBe('Password does not meet strength requirement');
    expect(passwordProblem('ABCDEFGH1!')).toBe('Password does not meet strength requirement');
    expect(passwordProblem('Abcdefgh!!')).toBe('Password does not meet strength requirement');
    expect(passwordProblem('Abcdefgh12')).toBe('Password does not meet strength requirement');
    expect(passwordProblem('Abcdefg1!')).toBeNull();
  });

  it('requires matching confirmation and a 6-digit code', () => {
    const issues = (v: object) => resetPasswordForm.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ code: '12345', password: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' })).toEqual([
      'Enter the 6-digit code',
    ]);
    expect(issues({ code: '', password: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' })).toContain(
      'Enter your verification code',
    );
    expect(issues({ code: '123456', password: 'Abcdefg1!', confirmPassword: 'Abcdefg1?' })).toEqual([
      'Passwords do not match',
    ]);
    const invitation = (v: object) => newPasswordForm.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(invitation({ password: 'Abcdefg1!', confirmPassword: 'Abcdefg1?' })).toEqual(['Passwords do not match']);
    expect(invitation({ password: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' })).toEqual([]);
    expect(signInForm.safeParse({ username: 'x', password: '' }).error?.issues.map((i) => i.message)).toEqual([
      'Enter a valid email',
      'Enter your password',
    ]);
  });

  it('expires a password reset on or before 90 days ago, never on a first login', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    expect(passwordHasExpired(daysAgo(90), false, now)).toBe(true);
    expect(passwordHasExpired(daysAgo(89.9), false, now)).toBe(false);
    expect(passwordHasExpired(daysAgo(400), true, now)).toBe(false);
  });

  it('shows phones without +61 and saves them with it (spec §3)', () => {
    expect(phoneForDisplay('+61412345678')).toBe('412345678');
    expect(phoneForDisplay('61412345678')).toBe('412345678');
    expect(phoneForSaving('0412 345 678')).toBe('+61412345678');
    expect(phoneForSaving('+61 0412 345 678')).toBe('+61412345678');
    expect(phoneForSaving('')).toBeNull();
  });
});
