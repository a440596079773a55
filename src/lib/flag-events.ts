import { FLAG_EVENT_BATCH, FLAG_EVENT_FLUSH_MS } from '../../resources/timings';
import { FLAG_EVENTS_PATH, type FlagEvent } from '../../resources/flag-events';

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
const REAL_TIMERS: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Spec §9's flag-event client: events wait in a buffer and go in batches of at most 100, at most
 * FLAG_EVENT_FLUSH_MS after the first of them (at once when 100 are waiting), and on page hide
 * by beacon. The buffer is bounded: when full, the oldest event is dropped.
 */
export class FlagEventBuffer {
  private events: FlagEvent[] = [];
  private timer: unknown = null;
  dropped = 0;

  constructor(
    private readonly send: (batch: FlagEvent[], onHide: boolean) => void,
    private readonly capacity = FLAG_EVENT_BATCH * 10,
    private readonly timers: Timers = REAL_TIMERS,
  ) {}

  get size() {
    return this.events.length;
  }

  record(event: FlagEvent) {
    this.events.push(event);
    if (this.events.length > this.capacity) {
      this.events.shift();
      this.dropped++;
    }
    if (this.events.length >= FLAG_EVENT_BATCH) this.flush();
    else if (this.timer === null) this.timer = this.timers.set(() => this.flush(), FLAG_EVENT_FLUSH_MS);
  }

  /** Sends what is waiting, a batch at a time; `onHide`: the page is going away (a beacon). */
  flush(onHide = false) {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    while (this.events.length) this.send(this.events.splice(0, FLAG_EVENT_BATCH), onHide);
  }
}

function post(batch: FlagEvent[], onHide: boolean) {
  const body = JSON.stringify({ events: batch });
  if (onHide && typeof navigator !== 'undefined' && navigator.sendBeacon) {
    navigator.sendBeacon(FLAG_EVENTS_PATH, new Blob([body], { type: 'application/json' }));
    return;
  }
  void fetch(FLAG_EVENTS_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => {
    // Counting flag use must never get in the user's way: a lost batch is only a lower count.
  });
}

let shared: FlagEventBuffer | null = null;
/** The portal's one buffer, flushed when the page is hidden or left. */
export function flagEvents(): FlagEventBuffer {
  if (!shared) {
    const buffer = new FlagEventBuffer(post);
    shared = buffer;
    if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', () => buffer.flush(true));
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') buffer.flush(true);
      });
    }
  }
  return shared;
}
