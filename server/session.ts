import type { AppContext, AppServices, RequestInfo, Viewer } from './context';
import { COOKIES, type RequestCookies } from './auth/cookies';
import {
  cachedViewer,
  clearSessionCookies,
  enterSession,
  rotateRefreshToken,
  sessionFromTokens,
} from './auth/sessions';

/**
 * Reads the caller's session: a bearer ID token or the access cookie; when those are missing or
 * expired, the refresh cookie is rotated for new ones. Tampered, expired or revoked tokens count as none.
 */
export async function resolveViewer(
  services: AppServices,
  request: RequestInfo,
  cookies: RequestCookies,
): Promise<Viewer | null> {
  const sessionId = await sessionFromTokens(services.authKeys.jwt, request, cookies.get(COOKIES.access));
  if (sessionId) {
    const viewer = await cachedViewer(services.db, sessionId);
    if (viewer) return viewer;
  }
  const refresh = cookies.get(COOKIES.refresh);
  if (!refresh) return null;
  const rotated = await services.db.transaction((tx) => rotateRefreshToken(tx, refresh));
  const ctx = { ...services, cookies } as AppContext;
  if (rotated.kind === 'invalid') {
    clearSessionCookies(ctx);
    return null;
  }
  const viewer = await enterSession(ctx, rotated.sessionId, rotated.kind === 'rotated' ? rotated.refreshToken : null);
  return viewer;
}
