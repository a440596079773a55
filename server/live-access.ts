import { GraphQLError } from 'graphql';
import type { AppContext } from './context';
import { cachedViewer } from './auth/sessions';
import { RequestCookies } from './auth/cookies';
import { authorizeProperty } from './auth/authorize';
import type { Subject } from '../abilities/define-ability';

export const LIVE_MESSAGES = {
  signedOut: 'Your session has ended. Sign in again to get live updates.',
  noAccess: 'You no longer have access to this property.',
} as const;

/** What a live event becomes when its subscriber may no longer have it: the field answers this error, then the subscription ends. */
class AccessEnded {
  constructor(readonly error: GraphQLError) {}
}

/**
 * A subscription's events, each delivered only while the subscriber may still read them: before each
 * event the session must still be live and the property still readable with the memberships as
 * they are now (both read through the read cache, which any write ends: no query while nothing changed). When either is gone, the subscriber gets one error naming
 * why (UNAUTHENTICATED or FORBIDDEN) and the subscription completes; nothing after it is sent.
 */
export function whileAllowed<T>(
  ctx: AppContext,
  propertyId: number,
  subject: Subject,
  source: AsyncIterable<T>,
): AsyncIterable<T | AccessEnded> {
  const sessionId = ctx.viewer?.sessionId;
  async function refusal(): Promise<AccessEnded | null> {
    const viewer = sessionId ? await cachedViewer(ctx.db, sessionId) : null;
    if (!viewer)
      return new AccessEnded(new GraphQLError(LIVE_MESSAGES.signedOut, { extensions: { code: 'UNAUTHENTICATED' } }));
    try {
      // A check of its own, as a new request's: abilities and flags are kept per request (per cookie jar).
      const cookies = new RequestCookies(null, ctx.config.isProduction);
      await authorizeProperty({ ...ctx, viewer, cookies }, propertyId, 'read', subject);
    } catch {
      return new AccessEnded(new GraphQLError(LIVE_MESSAGES.noAccess, { extensions: { code: 'FORBIDDEN' } }));
    }
    return null;
  }
  return {
    [Symbol.asyncIterator]() {
      const events = source[Symbol.asyncIterator]();
      let ended = false;
      const stop = async () => {
        ended = true;
        await events.return?.();
        return { done: true as const, value: undefined };
      };
      return {
        async next() {
          if (ended) return { done: true as const, value: undefined };
          const event = await events.next();
          if (event.done) return event;
          const refused = await refusal();
          if (!refused) return event;
          await stop();
          return { done: false, value: refused };
        },
        return: stop,
      };
    },
  };
}

/** The field's resolve for a guarded subscription: an event as it is, or the error that ends it. */
export const liveEvent = (payload: unknown) => {
  if (payload instanceof AccessEnded) throw payload.error;
  return payload;
};
