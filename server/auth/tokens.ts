import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

const ISSUER = 'hotel-extranet';

// jose imports a raw secret into a CryptoKey on every call; import each secret once instead (a hot path: every request verifies one).
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function cryptoKey(key: Uint8Array): Promise<CryptoKey> {
  let k = imported.get(key);
  if (!k)
    imported.set(
      key,
      (k = crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ])),
    );
  return k;
}

export type TokenType = 'access' | 'id' | 'mfa' | 'antispam';

/** Signs a short-lived HS256 token whose `typ` says what it is for; tokens are never accepted for another use. */
export async function signToken(
  key: Uint8Array,
  typ: TokenType,
  claims: JWTPayload,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ ...claims, typ })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await cryptoKey(key));
}

// A token whose signature checked once stays valid to the byte (a hot path: a browser sends the same
// access token with every request for 15 minutes). Expiry is still checked on every use.
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, JWTPayload>>();

/** The claims of a valid token of that type; null for anything tampered, expired, of another type or alg. */
export async function verifyToken<T extends JWTPayload>(
  key: Uint8Array,
  typ: TokenType,
  token: string | undefined | null,
): Promise<(T & JWTPayload) | null> {
  if (!token || token.length > 4096) return null;
  let known = verified.get(key);
  if (!known) verified.set(key, (known = new Map()));
  let payload = known.get(token);
  if (payload && !(typeof payload.exp === 'number' && payload.exp * 1000 > Date.now())) {
    known.delete(token);
    return null;
  }
  if (!payload) {
    try {
      payload = (await jwtVerify(token, await cryptoKey(key), { algorithms: ['HS256'], issuer: ISSUER })).payload;
    } catch {
      return null;
    }
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, Object.freeze(payload));
  }
  return payload.typ === typ ? (payload as T & JWTPayload) : null;
}
