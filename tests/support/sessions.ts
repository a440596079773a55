import type { TestApp } from './test-app';
import { createSession } from '../../server/auth/sessions';
import { signToken } from '../../server/auth/tokens';

/** A signed-in cookie header for a user, made the way MfaCode makes it (no mail round trip). */
export async function sessionCookie(app: TestApp, userId: number): Promise<string> {
  const { sessionId } = await app.db.transaction((tx) => createSession(tx, userId));
  const [user] = await app.db.query<{ uuid: string }>('select uuid from users where id = $1', [userId]);
  const access = await signToken(app.services.authKeys.jwt, 'access', { sub: user.uuid, sid: sessionId }, 900);
  return `access_token=${access}`;
}
