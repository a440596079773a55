import { describe, expect, it, vi } from 'vitest';
import { FlagEventBuffer } from '../../src/lib/flag-events';
import { FLAG_EVENT_BATCH, FLAG_EVENT_FLUSH_MS } from '../../resources/timings';
import { routePattern, type FlagEvent } from '../../resources/flag-events';

const event = (n: number): FlagEvent => ({
  flag: 'supplier-extranet-global-inclusions',
  value: n % 2 === 0,
  role: 'property_admin',
  route: `/r/${n}`,
});

/** Timers under the test's hand: `tick` runs what is due. */
function manualTimers() {
  let now = 0;
  const due: { at: number; fn: () => void; id: number }[] = [];
  let id = 0;
  return {
    set: (fn: () => void, ms: number) => {
      due.push({ at: now + ms, fn, id: ++id });
      return id;
    },
    clear: (h: unknown) => {
      const i = due.findIndex((d) => d.id === h);
      if (i >= 0) due.splice(i, 1);
    },
    tick(ms: number) {
      now += ms;
      for (const d of [...due].filter((x) => x.at <= now)) {
        due.splice(due.indexOf(d), 1);
        d.fn();
      }
    },
  };
}

describe('flag events (spec §9: batches of 100, every 3 s)', () => {
  it('sends 100 at once, as one batch', () => {
    const send = vi.fn();
    const b = new FlagEventBuffer(send, 1000, manualTimers());
    for (let i = 0; i < FLAG_EVENT_BATCH; i++) b.record(event(i));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toHaveLength(FLAG_EVENT_BATCH);
    expect(b.size).toBe(0);
  });
  it('sends a smaller batch 3 s after its first event, not before', () => {
    const send = vi.fn();
    const t = manualTimers();
    const b = new FlagEventBuffer(send, 1000, t);
    b.record(event(1));
    t.tick(FLAG_EVENT_FLUSH_MS - 1);
    b.record(event(2));
    expect(send).not.toHaveBeenCalled();
    t.tick(1);
    expect(send.mock.calls).toEqual([[[event(1), event(2)], false]]);
  });
  it('sends what waits when the page is hidden, by beacon', () => {
    const send = vi.fn();
    const b = new FlagEventBuffer(send, 1000, manualTimers());
    for (let i = 0; i < 250; i++) b.record(event(i));
    expect(send).toHaveBeenCalledTimes(2);
    b.flush(true);
    expect(send.mock.calls[2]).toEqual([[...Array(50)].map((_, i) => event(200 + i)), true]);
  });
  it('drops the oldest event when the buffer is full', () => {
    const send = vi.fn();
    const b = new FlagEventBuffer(send, 3, { set: () => 1, clear: () => undefined });
    // A capacity below a batch: nothing is sent until flushed, and only the newest three are kept.
    for (let i = 0; i < 5; i++) b.record(event(i));
    expect(b.size).toBe(3);
    expect(b.dropped).toBe(2);
    b.flush();
    expect(send.mock.calls[0][0]).toEqual([event(2), event(3), event(4)]);
  });
  it('names a route without its ids', () => {
    expect(routePattern('/properties/12/rate-plans/345/edit?x=1')).toBe('/properties/:id/rate-plans/:id/edit');
    expect(routePattern('/properties/1/reservations/HX003B37')).toBe('/properties/:id/reservations/:ref');
  });
});
