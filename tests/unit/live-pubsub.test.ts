import { describe, expect, it } from 'vitest';
import { createAppPubSub } from '../../server/pubsub';
import type { LiveChannel } from '../../server/db/db-types';

/** A channel that behaves as NOTIFY does between processes: what is sent comes back to every listener, later. */
function channel(options: { connected?: boolean; failing?: boolean } = {}) {
  const heard: ((payload: string) => void)[] = [];
  const resync: (() => void)[] = [];
  const sent: string[] = [];
  const live: LiveChannel = {
    send: async (payload) => {
      if (options.failing) throw new Error('database down');
      sent.push(payload);
      setTimeout(() => {
        for (const h of heard) h(payload);
      }, 1);
    },
    onMessage: (h) => void heard.push(h),
    onResync: (h) => void resync.push(h),
    get connected() {
      return options.connected ?? true;
    },
    ready: Promise.resolve(),
  };
  return { live, sent, heard, resync, options };
}

async function first<T>(iterator: AsyncIterator<T>) {
  const { value } = await iterator.next();
  return value as T;
}

describe('live events through the database (issue 32)', () => {
  it('sends each event through the channel and delivers what comes back, from any process', async () => {
    const c = channel();
    const pubsub = createAppPubSub(c.live);
    const sub = pubsub.subscribe('reservations:changed', 7);
    const next = first(sub);
    pubsub.publish('reservations:changed', 7, { propertyId: 7, hotelRef: 'H1', kind: 'booked' });
    expect(await next).toEqual({ propertyId: 7, hotelRef: 'H1', kind: 'booked' });
    expect(c.sent).toHaveLength(1);
    // Another process's event, heard on the listener.
    const again = first(sub);
    for (const h of c.heard)
      h(
        JSON.stringify({
          type: 'reservations:changed:7',
          detail: { propertyId: 7, hotelRef: 'H2', kind: 'cancelled' },
        }),
      );
    expect(await again).toMatchObject({ hotelRef: 'H2' });
    await sub.return?.();
  });

  it('delivers in this process when the listener is down, the send fails, or the event is too big for NOTIFY', async () => {
    for (const setup of [{ connected: false }, { failing: true }]) {
      const c = channel(setup);
      const pubsub = createAppPubSub(c.live);
      const sub = pubsub.subscribe('property:updated', 3);
      const next = first(sub);
      pubsub.publish('property:updated', 3, { id: 3 });
      expect(await next).toEqual({ id: 3 });
      expect(c.sent).toEqual([]);
      await sub.return?.();
    }
    const c = channel();
    const pubsub = createAppPubSub(c.live);
    const sub = pubsub.subscribe('session:ended');
    const next = first(sub);
    const huge = { sessionId: 'x'.repeat(8_000) };
    pubsub.publish('session:ended', huge);
    expect(await next).toEqual(huge);
    expect(c.sent).toEqual([]);
    await sub.return?.();
  });

  it("tells this process's subscribers to read afresh when the listener comes back, without sending it to others", async () => {
    const c = channel();
    const pubsub = createAppPubSub(c.live);
    const sub = pubsub.subscribe('live:resync');
    const next = first(sub);
    for (const r of c.resync) r();
    expect(await next).toEqual({ at: expect.any(Number) });
    expect(c.sent).toEqual([]);
    await sub.return?.();
  });
});
