/**
 * What an error report may never carry (spec §9 error reporting): sign-in and email codes,
 * tokens and secrets, card numbers, email addresses and phone numbers. One scrubber for the
 * server's and the portal's reporter (their beforeSend and beforeBreadcrumb).
 */
const PATTERNS: [RegExp, string][] = [
  // JWTs and bearer tokens, invitation and reset links' secrets, long hex or base64 strings.
  [/\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]{6,}/g, '[token]'],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]{8,}/gi, '$1 [token]'],
  [/\b(token|secret|code|password|key|authorization|cookie)=([^&\s"']+)/gi, '$1=[redacted]'],
  [/\b\d{1,12}\.[\w-]{32,}\b/g, '[token]'],
  [/\b[A-Fa-f0-9]{32,}\b/g, '[secret]'],
  [/\b[\w+/-]{40,}={0,2}/g, '[secret]'],
  // Card numbers: 13 to 19 digits, with or without spaces or dashes.
  [/\b(?:\d[ -]?){12,18}\d\b/g, '[card]'],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // Phone numbers, then any other run of 6 digits (a verification code).
  [/\+?\d[\d ()-]{7,}\d/g, '[phone]'],
  [/\b\d{6}\b/g, '[code]'],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Keys whose values are dropped whole, whatever they hold. */
const SECRET_KEYS =
  /^(password|code|token|secret|cookies?|authorization|x-api-key|set-cookie|card.*|cvv|pan|email|phone.*)$/i;

/** Every string in an event scrubbed, secret-named fields dropped, and who the user is left out. */
export function scrubEvent<T>(event: T): T {
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return scrubText(value);
    if (depth > 12 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : walk(v, depth + 1);
    return out;
  };
  const scrubbed = walk(event, 0) as Record<string, unknown>;
  if (scrubbed && typeof scrubbed === 'object') {
    delete scrubbed.user;
    const request = scrubbed.request as Record<string, unknown> | undefined;
    if (request) {
      delete request.cookies;
      delete request.data;
      delete request.headers;
      delete request.query_string;
    }
  }
  return scrubbed as T;
}

/** Spec §9: error reports carry no traces. */
export const ERROR_TRACE_SAMPLE_RATE = 0;
