import { createPubSub } from 'graphql-yoga';
import type { LiveChannel } from './db/db-types';
import type { Logger } from './logger';

export type RatesChange = {
  propertyId: number;
  roomTypeId: string;
  batchId: string;
  source: string;
  count: number;
  userId: number | null;
};

/** Topics that live updates are published on (graphql-ws subscriptions). */
export type Topics = {
  'property:updated': [propertyId: number, payload: { id: number }];
  /** Keyed `${propertyId}:${roomTypeId}`: a saved change to that room type's calendar. */
  'rates:changed': [key: string, payload: RatesChange];
  /** A booking received, modified or cancelled at a property. */
  'reservations:changed': [propertyId: number, payload: ReservationChange];
  /** A session ended (sign-out), or every session of a user (a password reset): its live sockets close. */
  'session:ended': [payload: { sessionId?: string; userId?: number }];
  /** This process's listener came back after a loss (never sent to others): open subscriptions may have missed events. */
  'live:resync': [payload: { at: number }];
};

export type ReservationChange = { propertyId: number; hotelRef: string; kind: 'booked' | 'modified' | 'cancelled' };

/** NOTIFY takes at most 8,000 bytes; an event larger than this (none is, by design) is delivered in this process only. */
const MAX_PAYLOAD = 7_900;

/**
 * Live updates (graphql-ws subscriptions). On PostgreSQL every event goes through the database's
 * live channel and comes back to every server on it, this one included, so a booking received by
 * one instance reaches a list open on another (issue 32); Yoga's pubsub keeps its subscriptions and
 * their authorization, only its event target changes. While this process's listener is down, its
 * own events go straight to its subscribers, and when it is back they are told to read afresh
 * ('live:resync'). PGlite, one process by design, keeps the in-memory target.
 */
export function createAppPubSub(live?: LiveChannel, log?: Logger) {
  if (!live) return createPubSub<Topics>();
  const local = new EventTarget();
  const deliver = (type: string, detail: unknown) => local.dispatchEvent(new CustomEvent(type, { detail }));
  live.onMessage((raw) => {
    try {
      const { type, detail } = JSON.parse(raw) as { type: string; detail: unknown };
      deliver(type, detail);
    } catch {
      log?.warn({ event: 'live.bad_message' }, 'A live event could not be read');
    }
  });
  live.onResync(() => deliver('live:resync', { at: Date.now() }));
  const eventTarget = {
    addEventListener: local.addEventListener.bind(local),
    removeEventListener: local.removeEventListener.bind(local),
    dispatchEvent(event: Event) {
      const { type, detail } = event as CustomEvent;
      const payload = JSON.stringify({ type, detail });
      if (type === 'live:resync' || !live.connected || Buffer.byteLength(payload) > MAX_PAYLOAD)
        return deliver(type, detail);
      live.send(payload).catch(() => {
        log?.warn({ event: 'live.send_failed', topic: type }, 'A live event went to this process only');
        deliver(type, detail);
      });
      return true;
    },
  };
  return createPubSub<Topics>({ eventTarget: eventTarget as never });
}
export type PubSub = ReturnType<typeof createAppPubSub>;
