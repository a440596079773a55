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
