import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSchema, isInputObjectType, isEnumType, printType } from 'graphql';
import { inputSdlFromZod } from '../../server/schema/zod-input-sdl';

const withQuery = (sdl: string) => buildSchema(`${sdl}\nscalar CellValue\ntype Query { ok: Boolean }`);

describe('GraphQL input types derived from zod', () => {
  it('makes a field required only where every branch of a union requires it, and merges enum values', () => {
    const edit = z.discriminatedUnion('action', [
      z.object({
        action: z.literal('add'),
        id: z.string().regex(/^\d{1,15}$/),
        count: z.number().int(),
        note: z.string().optional(),
      }),
      z.object({ action: z.enum(['remove', 'hold']), id: z.string().regex(/^\d{1,15}$/) }),
    ]);
    const schema = withQuery(inputSdlFromZod('EditInput', edit, { description: 'An edit.' }));
    const input = schema.getType('EditInput');
    expect(isInputObjectType(input) && printType(input)).toBe(
      '"""An edit."""\ninput EditInput {\n  action: EditAction!\n  id: ID!\n  count: Int\n  note: String\n}',
    );
    const action = schema.getType('EditAction');
    expect(isEnumType(action) && action.getValues().map((v) => v.name)).toEqual(['add', 'remove', 'hold']);
  });

  it('names nested objects after their parent, or as told; lists, defaults, nullables and numbers', () => {
    const schema = withQuery(
      inputSdlFromZod(
        'StayInput',
        z.object({
          guest: z.object({ name: z.string() }),
          nights: z.array(z.object({ date: z.string(), price: z.number() })).min(1),
          weekdays: z.array(z.number().int()).default([1]),
          minStay: z.number().int().nullable(),
        }),
        { names: { nights: 'NightInput' } },
      ),
    );
    expect(printType(schema.getType('StayInput')!)).toContain(
      'guest: StayGuestInput!\n  nights: [NightInput!]!\n  weekdays: [Int!]\n  minStay: Int\n',
    );
    expect(printType(schema.getType('NightInput')!)).toContain('price: Float!');
  });

  it('takes a field of several shapes only as a named scalar, and says so when none is named', () => {
    const cell = z.object({ value: z.union([z.string(), z.number(), z.boolean()]).nullable() });
    expect(() => inputSdlFromZod('CellInput', cell)).toThrow(/CellInput\.value takes several shapes/);
    const schema = withQuery(inputSdlFromZod('CellInput', cell, { scalars: { value: 'CellValue' } }));
    expect(printType(schema.getType('CellInput')!)).toContain('value: CellValue\n');
  });
});
