import { describe, expect, it, vi } from 'vitest';
import { createReadCache, isReadOnly } from '../../server/db/read-cache';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('read cache', () => {
  it('loads once and shares the answer until something changes', async () => {
    const cache = createReadCache();
    const load = vi.fn(async () => ({ role: 'ADMIN' }));
    const [a, b] = await Promise.all([cache.get('viewer:1', load), cache.get('viewer:1', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    cache.changed();
    await cache.get('viewer:1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a read that was under way when something changed', async () => {
    const cache = createReadCache();
    const before = deferred<string>();
    const stale = cache.get('k', () => before.promise);
    cache.changed(); // a write commits while the read is in flight
    const fresh = cache.get('k', async () => 'after');
    before.resolve('before');
    expect(await stale).toBe('before');
    expect(await fresh).toBe('after');
    expect(await cache.get('k', async () => 'unused')).toBe('after');
  });

  it('forgets failed reads, old entries and the oldest key past its size', async () => {
    vi.useFakeTimers();
    try {
      const cache = createReadCache({ ttlMs: 1000, maxEntries: 2 });
      await expect(
        cache.get('bad', async () => {
          throw new Error('down');
        }),
      ).rejects.toThrow('down');
      expect(await cache.get('bad', async () => 'up')).toBe('up');
      vi.advanceTimersByTime(1001);
      expect(await cache.get('bad', async () => 'again')).toBe('again');
      await cache.get('b', async () => 'b');
      await cache.get('c', async () => 'c');
      expect(cache.size).toBe(2);
      expect(await cache.get('bad', async () => 'reloaded')).toBe('reloaded');
    } finally {
      vi.useRealTimers();
    }
  });

  it('while off, loads every time', async () => {
    const cache = createReadCache();
    cache.setEnabled(false);
    const load = vi.fn(async () => 1);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('counts anything but a plain select as a write', () => {
    expect(isReadOnly('select id from users where id = $1')).toBe(true);
    expect(isReadOnly('  SELECT 1')).toBe(true);
    expect(isReadOnly('select * from sessions for update')).toBe(false);
    expect(isReadOnly('update users set is_staff = true')).toBe(false);
    expect(isReadOnly('with x as (delete from memberships returning *) select * from x')).toBe(false);
    expect(isReadOnly('insert into audit_log default values')).toBe(false);
    expect(isReadOnly('select updated_at from resource_rows')).toBe(true);
  });
});
