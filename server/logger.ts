import pino, { type Logger, type DestinationStream } from 'pino';

export type { Logger };

/**
 * Keys whose values are secrets: codes, tokens, passwords, card numbers, and the parts of a mail that
 * carry them. No log line may hold one, at whatever depth (up to three levels) it is nested.
 */
export const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'previousPassword',
  'code',
  'otpCode',
  'confirmationCode',
  'verificationCode',
  'token',
  'idToken',
  'accessToken',
  'refreshToken',
  'id_token',
  'access_token',
  'refresh_token',
  'secret',
  'cardNumber',
  'card_number',
  'cvc',
  'cvv',
  'subject',
  'text',
  'html',
  'cookie',
  'authorization',
  'x-api-key',
  'apiKey',
];

export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}
