import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

const ISSUER = 'hotel-extranet';

// jose imports a raw secret into a CryptoKey on every call; import each secret once instead (a hot path: every request verifies one).
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function cryptoKey(key: Uint8Array): Promise<CryptoKey> {
  let k = imported.get(key);
  if (!k) imported.set(key, (k = crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])));
  return k;
}

export type TokenType = 'access' | 'id' | 'mfa' | 'antispam';

/** Signs a short-lived HS256 token whose `typ` says what it is for; tokens are never accepted for another use. */
export async function signToken(key: Uint8Array, typ: TokenType, claims: JWTPayload, ttlSeconds: number): Promise<string> {
  return new SignJWT({ ...claims, typ })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await cryptoKey(key));
}

/** The claims of a valid token of that type; null for anything tampered, expired, of another type or alg. */
export async function verifyToken<T extends JWTPayload>(key: Uint8Array, typ: TokenType, token: string | undefined | null): Promise<(T & JWTPayload) | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify<T>(token, await cryptoKey(key), { algorithms: ['HS256'], issuer: ISSUER });
    return payload.typ === typ ? payload : null;
  } catch {
    return null;
  }
}
