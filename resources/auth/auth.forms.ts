import * as z from 'zod/mini';
import { VALIDATION } from './auth.messages';
import { CODE_LENGTH, passwordProblem } from './password-policy';

// zod/mini, not zod: these schemas are on the sign-in path, where every kilobyte counts, and they need none of zod's chaining API.
const email = (valid: string) =>
  z.pipe(z.string().check(z.trim(), z.minLength(1, VALIDATION.enterEmail)), z.email(valid));

/** Spec §5: the forms of the auth screens and their exact messages. */
export const signInForm = z.object({
  username: email(VALIDATION.validEmail),
  password: z.string().check(z.minLength(1, VALIDATION.enterPassword)),
});

export const forgotPasswordForm = z.object({ email: email(VALIDATION.validEmailForgot) });

export const verificationCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, VALIDATION.enterCode),
    z.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), VALIDATION.codeLength),
  );

export const mfaForm = z.object({ code: verificationCode });

export const newPassword = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** A new password typed twice (spec §5): the rules, then the second must match. Reset and invitation forms share it. */
const newPasswordShape = {
  password: newPassword,
  confirmPassword: z.string().check(z.minLength(1, VALIDATION.enterPassword)),
};
const passwordsMatch = () =>
  z.refine<{ password: string; confirmPassword: string }>((v) => v.password === v.confirmPassword, {
    message: VALIDATION.mismatch,
    path: ['confirmPassword'],
  });

export const newPasswordForm = z.object(newPasswordShape).check(passwordsMatch());

export const resetPasswordForm = z.object({ code: verificationCode, ...newPasswordShape }).check(passwordsMatch());
