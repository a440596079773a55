import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { AppContext, RequestInfo, Viewer } from '../context';
import { COOKIES } from './cookies';
import { signToken, verifyToken } from './tokens';
import { featureFlagsFor, idTokenHttpOnly } from '../flags/feature-flags';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Parallel requests may present the same refresh token once it has just rotated; later reuse is theft. */
const REUSE_GRACE_SECONDS = 10;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The signed-in user with what every request's ability needs (memberships, feature flags with the
 * user's overrides), in one round trip. Requests take it from the read cache (cachedViewer), which
 * any write ends, so a role change or sign-out applies to the next request.
 */
export const VIEWER_SQL = `
  select u.id, u.uuid, u.email, u.is_staff as "isStaff", u.first_name as "firstName", u.last_name as "lastName",
         u.email_verified as "emailVerified", u.flags, u.password_reset_at as "passwordResetAt", s.id as "sessionId",
         coalesce((select json_agg(json_build_object('role', m.role, 'propertyId', m.property_id, 'propertyGroupId', m.property_group_id) order by m.id)
           from live_memberships m where m.user_id = u.id), '[]') as memberships,
         coalesce((select json_agg(json_build_object('key', f.key, 'enabled', coalesce(o.enabled, f.enabled)))
           from feature_flags f left join feature_flag_overrides o on o.key = f.key and o.user_id = u.id), '[]') as "flagRows",
         case when s.view_as_by is not null then json_build_object('staffUserId', s.view_as_by,
           'staffEmail', (select email from users b where b.id = s.view_as_by), 'until', s.expires_at,
           'fromSession', s.view_as_from) end as "viewAs"
  from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.revoked_at is null and s.expires_at > now()`;

export async function loadViewer(db: Queryable, sessionId: string): Promise<Viewer | null> {
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const [row] = await db.query<Viewer>(VIEWER_SQL, [sessionId]);
  return row ?? null;
}

/** The viewer as requests see it: shared between requests until anything is written, so frozen. */
export function cachedViewer(db: Db, sessionId: string): Promise<Viewer | null> {
  return db.cache.get(`viewer:${sessionId}`, async () => deepFreeze(await loadViewer(db, sessionId)));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Starts a session and returns its first refresh token. `viewAs`: a read-only session of this user
 * that staff open to see the portal as them (issue 30), ending after `seconds`.
 */
export async function createSession(
  tx: Queryable,
  userId: number,
  viewAs?: { by: number; from: string; seconds: number },
): Promise<{ sessionId: string; refreshToken: string }> {
  const [session] = await tx.query<{ id: string }>(
    `insert into sessions (user_id, expires_at, view_as_by, view_as_from)
     values ($1, now() + make_interval(secs => $2), $3, $4) returning id`,
    [userId, viewAs?.seconds ?? REFRESH_TTL_SECONDS, viewAs?.by ?? null, viewAs?.from ?? null],
  );
  return { sessionId: session.id, refreshToken: await addRefreshToken(tx, session.id) };
}

/** A new refresh token for a live session (going back to one's own session after viewing as someone). */
export async function addRefreshToken(tx: Queryable, sessionId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
    [sha256(token), sessionId, REFRESH_TTL_SECONDS],
  );
  return token;
}

export type RotateResult =
  | { kind: 'rotated'; sessionId: string; refreshToken: string }
  | { kind: 'grace'; sessionId: string }
  | { kind: 'invalid' };

/** Spends a refresh token for a new one. A replay outside the grace window revokes the whole session. */
export async function rotateRefreshToken(tx: Queryable, token: string): Promise<RotateResult> {
  if (!token || token.length > 100) return { kind: 'invalid' };
  const [row] = await tx.query<{ session_id: string; used_at: Date | null; in_grace: boolean; live: boolean }>(
    `select r.session_id, r.used_at, r.used_at > now() - make_interval(secs => $2) as in_grace,
            (r.expires_at > now() and s.revoked_at is null and s.expires_at > now()) as live
     from refresh_tokens r join sessions s on s.id = r.session_id where r.token_hash = $1 for update of r`,
    [sha256(token), REUSE_GRACE_SECONDS],
  );
  if (!row?.live) return { kind: 'invalid' };
  if (row.used_at) {
    if (row.in_grace) return { kind: 'grace', sessionId: row.session_id };
    await revokeSession(tx, row.session_id, 'refresh_token_replayed');
    return { kind: 'invalid' };
  }
  await tx.query('update refresh_tokens set used_at = now() where token_hash = $1', [sha256(token)]);
  return { kind: 'rotated', sessionId: row.session_id, refreshToken: await addRefreshToken(tx, row.session_id) };
}

export async function revokeSession(tx: Queryable, sessionId: string, reason: string): Promise<void> {
  await tx.query('update sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null', [
    sessionId,
    reason,
  ]);
}

export async function revokeAllSessions(tx: Queryable, userId: number, reason: string): Promise<void> {
  await tx.query(
    'update sessions set revoked_at = now(), revoked_reason = $2 where user_id = $1 and revoked_at is null',
    [userId, reason],
  );
}

/** Sets the access, id and refresh cookies. The id token is readable by the page only while new-auth is off. */
export async function issueSessionCookies(
  ctx: Pick<AppContext, 'authKeys' | 'cookies'>,
  viewer: Pick<Viewer, 'uuid' | 'email' | 'firstName' | 'lastName'>,
  sessionId: string,
  refreshToken: string | null,
  newAuth: boolean,
) {
  const key = ctx.authKeys.jwt;
  const access = await signToken(key, 'access', { sub: viewer.uuid, sid: sessionId }, ACCESS_TTL_SECONDS);
  const id = await signToken(
    key,
    'id',
    {
      sub: viewer.uuid,
      sid: sessionId,
      email: viewer.email,
      given_name: viewer.firstName,
      family_name: viewer.lastName,
    },
    ACCESS_TTL_SECONDS,
  );
  ctx.cookies.set(COOKIES.access, access, { maxAgeSeconds: ACCESS_TTL_SECONDS });
  ctx.cookies.set(COOKIES.id, id, { maxAgeSeconds: ACCESS_TTL_SECONDS, httpOnly: newAuth });
  if (refreshToken) ctx.cookies.set(COOKIES.refresh, refreshToken, { maxAgeSeconds: REFRESH_TTL_SECONDS });
}

/**
 * Puts a session in the browser, as sign-in, a refresh and view-as do: the viewer as the session
 * has it, and its cookies (the id token kept from the page when the viewer's new-auth flag says so).
 * `refreshToken` null: keep the refresh cookie the browser has. Null when the session is not live.
 */
export async function enterSession(
  ctx: Pick<AppContext, 'db' | 'authKeys' | 'cookies'>,
  sessionId: string,
  refreshToken: string | null,
): Promise<Viewer | null> {
  const viewer = await loadViewer(ctx.db, sessionId);
  if (!viewer) return null;
  const flags = await featureFlagsFor(ctx.db, viewer);
  await issueSessionCookies(ctx, viewer, sessionId, refreshToken, idTokenHttpOnly(flags, ctx.cookies));
  return viewer;
}

export function clearSessionCookies(ctx: AppContext): void {
  ctx.cookies.clear(COOKIES.access);
  ctx.cookies.clear(COOKIES.id, { httpOnly: false });
  ctx.cookies.clear(COOKIES.refresh);
}

/** The session id a request proves: a bearer ID token, or the access cookie. */
export async function sessionFromTokens(
  key: Uint8Array,
  request: RequestInfo,
  accessCookie: string | undefined,
): Promise<string | null> {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const claims = bearer
    ? await verifyToken<{ sid: string }>(key, 'id', bearer)
    : await verifyToken<{ sid: string }>(key, 'access', accessCookie);
  return typeof claims?.sid === 'string' ? claims.sid : null;
}
