import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An invitation link's token: `<invitation id>.<secret>`. Only the secret's SHA-256 is stored; the
 * row is found by its id and the secret compared in constant time, so neither a database read nor
 * response timing gives a working link.
 */
const digest = (secret: string) => createHash('sha256').update(secret).digest();

export function newInvitationSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: digest(secret).toString('hex') };
}

export const invitationToken = (id: number, secret: string) => `${id}.${secret}`;

/** The id and secret of a well-formed token, or null. */
export function parseInvitationToken(token: unknown): { id: number; secret: string } | null {
  const match = typeof token === 'string' ? /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  return match ? { id: Number(match[1]), secret: match[2] } : null;
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const given = digest(secret);
  return stored.length === given.length && timingSafeEqual(stored, given);
}
