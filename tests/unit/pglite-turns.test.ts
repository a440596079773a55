import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import type { Db } from '../../server/db/client';

let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined);
});
afterAll(() => db?.close());

/**
 * The embedded database runs on the server's thread. Statements queued together must not all run
 * in one event-loop turn: the loop has to get back to its sockets between them (accept a new
 * connection, read the next request), or a client arriving under load waits for the whole queue.
 */
it('runs queued statements one event-loop turn each, first come first served, so I/O is polled between them', async () => {
  const order: string[] = [];
  const queued = Array.from({ length: 20 }, (_, i) =>
    db.query<{ n: number }>('select $1::int as n', [i]).then(([row]) => order.push(`q${row.n}`)),
  );
  // A macrotask scheduled after the queue: with every statement chained on promises it would run last.
  const polled = new Promise<void>((resolve) =>
    setImmediate(() => {
      order.push('turn');
      resolve();
    }),
  );
  await Promise.all([...queued, polled]);
  expect(order.indexOf('turn')).toBeLessThan(3);
  expect(order.filter((o) => o !== 'turn')).toEqual(Array.from({ length: 20 }, (_, i) => `q${i}`));
});

it('keeps a transaction whole in its turn and lets a failed statement leave the queue moving', async () => {
  await db.exec('create table turn_test (n int primary key)');
  const failing = db.query('select * from no_such_table').catch((e: Error) => e.message);
  const tx = db.transaction(async (t) => {
    await t.query('insert into turn_test values (1)');
    await t.query('insert into turn_test values (2)');
    return (await t.query<{ n: string }>('select count(*)::text as n from turn_test'))[0].n;
  });
  const after = db.query<{ n: string }>('select count(*)::text as n from turn_test');
  expect(await failing).toMatch(/no_such_table/);
  expect(await tx).toBe('2');
  expect((await after)[0].n).toBe('2');
});
