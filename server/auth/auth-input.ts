import { z } from 'zod';
import { userError } from '../errors';
import { VALIDATION } from '../../resources/auth/auth.messages';
import { FORM_MESSAGES } from '../../resources/messages';
import { NULL_CHARACTER_MESSAGE } from '../graphql-input-guards';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a base64 field of the auth calls (spec §7); anything else is a clear input error. */
export function decodeBase64(value: unknown, field: string, maxChars = 1400): string {
  if (typeof value !== 'string' || value.length > maxChars || value.length % 4 !== 0 || !BASE64.test(value)) {
    throw userError(`${field} must be base64-encoded.`, 'BAD_USER_INPUT', {
      [field]: [`${field} must be base64-encoded.`],
    });
  }
  const text = Buffer.from(value, 'base64').toString('utf8');
  // PostgreSQL text cannot hold U+0000: refused here as a field error, not deep in a query as "Unexpected error.".
  if (text.includes('\u0000'))
    throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', { [field]: [NULL_CHARACTER_MESSAGE] });
  return text;
}

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** Lower-cased email, or null when it is not an email at all. */
export function normaliseEmail(raw: string): string | null {
  const parsed = emailSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function requireEmail(raw: string, message: string = VALIDATION.validEmail): string {
  const email = normaliseEmail(raw);
  if (!email) throw userError(message, 'BAD_USER_INPUT', { username: [message] });
  return email;
}

/** s***@e***.com: enough for the user to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  const [host, ...rest] = domain.split('.');
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${rest.length ? `.${rest.join('.')}` : ''}`;
}

export const codeSchema = z.string().regex(/^\d{6}$/, VALIDATION.enterCode);
