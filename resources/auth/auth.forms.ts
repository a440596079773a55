import { z } from 'zod';
import { VALIDATION } from './auth.messages';
import { CODE_LENGTH, passwordProblem } from './password-policy';

const email = (valid: string) => z.string().trim().min(1, VALIDATION.enterEmail).pipe(z.email(valid));

/** Spec §5: the forms of the auth screens and their exact messages. */
export const signInForm = z.object({
  username: email(VALIDATION.validEmail),
  password: z.string().min(1, VALIDATION.enterPassword),
});

export const forgotPasswordForm = z.object({ email: email(VALIDATION.validEmailForgot) });

export const verificationCode = z
  .string()
  .trim()
  .min(1, VALIDATION.enterCode)
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), VALIDATION.codeLength);

export const mfaForm = z.object({ code: verificationCode });

export const newPassword = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const resetPasswordForm = z
  .object({ code: verificationCode, password: newPassword, confirmPassword: z.string().min(1, VALIDATION.enterPassword) })
  .refine((v) => v.password === v.confirmPassword, { message: VALIDATION.mismatch, path: ['confirmPassword'] });
