import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { expect, vi } from 'vitest';

/**
 * A subscription is registered only once it is authorized, a moment after subscribe: sends (a
 * booking, a save) until the first event arrives, waiting up to half a second after each.
 */
export async function sendUntilHeard(events: unknown[], send: () => Promise<unknown>): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!events.length) await send();
      await vi.waitFor(() => expect(events.length).toBeGreaterThan(0), { timeout: 500, interval: 25 });
    },
    { timeout: 10_000, interval: 0 },
  );
}

/** A graphql-ws client of the test server that sends these cookies with its handshake; the close codes it sees are pushed to `closes`. */
export function liveClient(httpBase: string, cookie: string, closes: number[] = []): Client {
  return createClient({
    url: `${httpBase.replace('http', 'ws')}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    },
    retryAttempts: 0,
    lazy: true,
    on: { closed: (e) => closes.push((e as { code: number }).code) },
  });
}
