import { describe, expect, it } from 'vitest';
import { inspectValue } from '../../server/graphql-input-guards';

describe('inspectValue (the variables guard)', () => {
  it('finds a null character in a nested field and refuses a deep value', () => {
    expect(inspectValue({ input: { name: 'ok', notes: ['a', 'b\u0000'] } })).toEqual({ kind: 'nul', field: 'notes' });
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { a: deep };
    expect(inspectValue(deep)).toEqual({ kind: 'depth' });
  });

  it('treats an uploaded file as bytes: it never walks into a file or a byte array', () => {
    const bytes = new Uint8Array(1000);
    // Were the walker to enter the file, it would read this property and report its null character.
    const file = Object.assign(new File([bytes], 'photo.jpg'), { part: 'inside\u0000the file' });
    const buffer = Object.assign(new Uint8Array(4), { part: 'inside\u0000the bytes' });
    expect(inspectValue({ input: { propertyId: 1 }, file, buffer })).toBeNull();
    expect(inspectValue({ input: { note: 'outside\u0000' }, file })).toEqual({ kind: 'nul', field: 'note' });
  });
});
