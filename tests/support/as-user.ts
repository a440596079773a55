import { createSession } from '../../server/auth/sessions';
import { AuthClient } from './auth-client';
import type { TestApp } from './test-app';

/**
 * How API tests call the server as someone: a client that posts GraphQL over the suite's transport
 * (a real HTTP server on a loopback port unless TEST_TRANSPORT=yoga) and keeps the cookies the
 * server sets, as a browser does.
 *
 * Signing in has two paths, both through the server:
 * - default: a session started the way MfaCode starts one (no password check, no mail round trip),
 *   with only its refresh token in the jar; the first request is answered by the server's refresh
 *   path, which rotates the token and sets the access, id and refresh cookies over HTTP;
 * - `{ password }`: the whole production sign-in, Login and the emailed code through MfaCode.
 *
 * Clients are cached per app and email, so asking again is free. `fresh: true` starts a new session
 * (and does not touch the cached one), for tests that revoke sessions or sign out.
 */
export type UserClient = AuthClient & { readonly email: string };

const cache = new WeakMap<TestApp, Map<string, Promise<UserClient>>>();

const WHO_AM_I = 'query AsUser { viewer { user { email } } }';

export async function asUser(
  app: TestApp,
  email: string,
  options: { password?: string; fresh?: boolean } = {},
): Promise<UserClient> {
  const address = email.trim().toLowerCase();
  if (options.fresh) return signIn(app, address, options.password);
  let clients = cache.get(app);
  if (!clients) cache.set(app, (clients = new Map()));
  let client = clients.get(address);
  if (!client) {
    client = signIn(app, address, options.password);
    clients.set(address, client);
    client.catch(() => clients.delete(address));
  }
  return client;
}

/** A GraphQL answer as tests read it: data, or errors with their code and extensions. */
export type GqlBody = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };

/** One GraphQL call as a signed-in user (by email), over the suite's transport; the answer's body. */
export const gqlAs = async (app: TestApp, who: string, query: string, variables: Record<string, unknown> = {}) =>
  (await (await asUser(app, who)).gql(query, variables)).body as GqlBody;

/** A client with no session: what a signed-out browser sends. */
export function anonymous(app: TestApp, headers: Record<string, string> = {}): AuthClient {
  return new AuthClient(app, headers);
}

async function signIn(app: TestApp, email: string, password: string | undefined): Promise<UserClient> {
  const client = Object.assign(new AuthClient(app), { email });
  if (password !== undefined) {
    await client.signIn(email, password);
  } else {
    const [user] = await app.db.query<{ id: number }>('select id from users where email = $1', [email]);
    if (!user) throw new Error(`asUser: no user has the email ${email}`);
    const { refreshToken } = await app.db.transaction((tx) => createSession(tx, user.id));
    client.cookies.set('refresh_token', { value: refreshToken, httpOnly: true, secure: true, sameSite: 'Strict' });
  }
  const me = await client.gql<{ viewer: { user: { email: string } } }>(WHO_AM_I);
  if (me.body.data?.viewer.user.email !== email)
    throw new Error(`asUser: signing in as ${email} failed: ${JSON.stringify(me.body)}`);
  if (!client.cookies.has('access_token')) throw new Error(`asUser: the server set no access cookie for ${email}`);
  return client;
}

/** The access cookie of a user signed in through the server (asUser), for a test that sends its own requests. */
export async function accessCookie(app: TestApp, email: string, options: { fresh?: boolean } = {}): Promise<string> {
  const client = await asUser(app, email, options);
  return `access_token=${client.cookies.get('access_token')!.value}`;
}
