import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** qs as @refinedev/core has it (qs is its dependency, not ours). */
const fromRefine = createRequire(require.resolve('@refinedev/core'));
type Qs = { stringify(value: unknown, options?: Record<string, unknown>): string };
const shim = require('../../src/lib/side-channel.cjs') as () => {
  get(key: unknown): unknown;
  set(key: unknown, value: unknown): void;
  has(key: unknown): boolean;
  delete(key: unknown): boolean;
  assert(key: unknown): void;
};

/** qs as the portal's build has it: its 'side-channel' resolved to the shim (vite.config.ts). */
function qsWithShim() {
  const qsDir = path.dirname(fromRefine.resolve('qs/package.json'));
  const real = require.resolve('side-channel', { paths: [qsDir] });
  const saved = require.cache[real];
  const qsFiles = Object.keys(require.cache).filter((f) => f.startsWith(qsDir));
  for (const f of qsFiles) delete require.cache[f];
  require.cache[real] = { id: real, filename: real, loaded: true, exports: shim } as never;
  try {
    return fromRefine('qs') as Qs;
  } finally {
    for (const f of Object.keys(require.cache).filter((k) => k.startsWith(qsDir))) delete require.cache[f];
    if (saved) require.cache[real] = saved;
    else delete require.cache[real];
  }
}

describe('side-channel shim', () => {
  it('keeps, reads, tests and forgets values for object and primitive keys, and asserts', () => {
    const channel = shim();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(() => channel.assert(key)).toThrow(TypeError);
    channel.set(key, 1);
    channel.set('k', 2);
    expect([channel.get(key), channel.get('k'), channel.has(key)]).toEqual([1, 2, true]);
    expect(() => channel.assert(key)).not.toThrow();
    expect(channel.delete(key)).toBe(true);
    expect([channel.has(key), channel.get(key), channel.delete(key)]).toEqual([false, undefined, false]);
  });

  it('gives qs the same strings as the package it replaces, and still refuses cycles', () => {
    const real = fromRefine('qs') as Qs;
    const qs = qsWithShim();
    expect(qs).not.toBe(real);
    const inputs = [
      {
        filters: [{ field: 'name', operator: 'contains', value: 'Deluxe' }],
        sorters: [{ field: 'name', order: 'asc' }],
      },
      { current: 2, pageSize: 20, a: { b: { c: [1, 2, { d: null }] } } },
      { empty: [], when: new Date(Date.UTC(2026, 10, 28)) },
    ];
    for (const input of inputs) {
      expect(qs.stringify(input)).toBe(real.stringify(input));
      expect(qs.stringify(input, { arrayFormat: 'brackets', encodeValuesOnly: true })).toBe(
        real.stringify(input, { arrayFormat: 'brackets', encodeValuesOnly: true }),
      );
    }
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => qs.stringify(cyclic)).toThrow(new RangeError('Cyclic object value'));
  });
});
