import type { AppContext } from '../../context';
import { COOKIES } from '../cookies';
import { clearSessionCookies, revokeSession } from '../sessions';

/**
 * Revokes the session server-side and clears every auth cookie; harmless when signed out. The
 * cookies go even when the revocation fails (the database restarting): the browser forgets the
 * session, and the error still reaches the portal, whose next try finds no session (UNAUTHENTICATED)
 * and goes to /sign-in.
 */
export async function signOut(ctx: AppContext): Promise<boolean> {
  try {
    if (ctx.viewer) {
      const { sessionId, id } = ctx.viewer;
      await ctx.db.transaction((tx) => revokeSession(tx, sessionId, 'sign_out'));
      ctx.pubsub.publish('session:ended', { sessionId });
      ctx.log.info({ event: 'session.end', userId: id }, 'Signed out');
    }
  } finally {
    clearSessionCookies(ctx);
    ctx.cookies.clear(COOKIES.mfa);
    ctx.cookies.clear(COOKIES.antispam);
    ctx.viewer = null;
  }
  return true;
}
