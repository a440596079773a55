import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { testDbKind } from '../support/test-db';
import { resourceDocuments } from '../../resources/resource.documents';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { BED_MESSAGES, bedsSummary } from '../../resources/room-types/room-type.options';
import { FORM_MESSAGES } from '../../resources/messages';

let app: TestApp;
const ADMIN = 'admin@harbourview.example';
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const call = async (query: string, variables: Record<string, unknown>): Promise<Res> =>
  (await (await asUser(app, ADMIN)).gql(query, variables)).body as Res;
const rooms = resourceDocuments(roomTypeResource);
const room = (over: Record<string, unknown> = {}) => ({
  name: 'Garden Twin',
  beds: [
    { type: 'SINGLE', count: 2 },
    { type: 'SOFA_BED', count: 1 },
  ],
  maxAdults: 3,
  maxChildren: 1,
  extraBeds: 1,
  cots: 1,
  sizeSqm: 30,
  roomCount: 12,
  view: 'GARDEN',
  bathroom: 'SHARED',
  smoking: 'NON_SMOKING',
  amenities: ['AIR_CONDITIONING', 'KETTLE', 'DESK'],
  status: 'ACTIVE',
  ...over,
});
const count = async () => Number((await app.db.query<{ n: string }>('select count(*) as n from room_types'))[0].n);

describe(`room types: beds and content (${testDbKind})`, () => {
  it('stores beds with their counts, extra beds, cots, view, bathroom, smoking and amenities in their columns', async () => {
    const res = await call(rooms.create, { input: { propertyId: 1, values: room() } });
    expect(res.errors).toBeUndefined();
    const node = res.data.createRoomType;
    expect(node).toMatchObject({
      beds: room().beds,
      view: 'GARDEN',
      amenities: ['AIR_CONDITIONING', 'KETTLE', 'DESK'],
    });
    const [row] = await app.db.query<Record<string, unknown>>(
      'select beds, extra_beds, cots, view, bathroom, smoking, amenities from room_types where id = $1',
      [node.id],
    );
    expect(row).toEqual({
      beds: room().beds,
      extra_beds: 1,
      cots: 1,
      view: 'GARDEN',
      bathroom: 'SHARED',
      smoking: 'NON_SMOKING',
      amenities: ['AIR_CONDITIONING', 'KETTLE', 'DESK'],
    });
    expect(bedsSummary(node.beds)).toBe('2 Single beds, 1 Sofa bed');
  });

  it("refuses no beds, a count outside 1–10, a bed type twice and missing choices with the schema's messages", async () => {
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ beds: [] }, { beds: [BED_MESSAGES.none] }],
      [{ beds: null }, { beds: [BED_MESSAGES.none] }],
      [{ beds: [{ type: 'KING', count: 11 }] }, { beds: [BED_MESSAGES.range] }],
      [{ beds: [{ type: 'KING', count: 0 }] }, { beds: [BED_MESSAGES.range] }],
      [{ beds: [{ type: null, count: 1 }] }, { beds: [BED_MESSAGES.type] }],
      [
        {
          beds: [
            { type: 'QUEEN', count: 1 },
            { type: 'QUEEN', count: 1 },
          ],
        },
        { beds: [BED_MESSAGES.duplicate] },
      ],
      [
        { maxAdults: null, roomCount: null, bathroom: null, smoking: null, cots: 11 },
        {
          maxAdults: ['Enter the maximum number of adults'],
          roomCount: ['Enter the number of rooms'],
          bathroom: ['Choose a bathroom'],
          smoking: ['Choose smoking or non-smoking'],
          cots: ['Cots must be between 0 and 10'],
        },
      ],
    ];
    for (const [over, fields] of cases) {
      const res = await call(rooms.create, { input: { propertyId: 1, values: room(over) } });
      expect(res.errors?.[0].message).toBe(FORM_MESSAGES.couldNotSave);
      expect([over, res.errors?.[0].extensions.fields]).toEqual([over, fields]);
    }
    // An amenity off the list is refused by the schema's enum, naming it.
    const unknown = await call(rooms.create, { input: { propertyId: 1, values: room({ amenities: ['JACUZZI'] }) } });
    expect(unknown.errors?.[0].message).toMatch(/JACUZZI/);
    expect(await count()).toBe(before);
  });

  it('seeds the demo room types with beds, a view and amenities', async () => {
    const demo = await app.db.query<{ name: string; beds: unknown; view: string; amenities: string[] }>(
      'select name, beds, view, amenities from room_types where property_id = 1 order by id limit 3',
    );
    expect(demo.map((r) => [r.name, bedsSummary(r.beds)])).toEqual([
      ['Deluxe King', '1 King bed'],
      ['Superior Twin', '2 Single beds'],
      ['Family Suite', '2 Queen beds, 1 Sofa bed'],
    ]);
    for (const r of demo) expect(r.amenities.length).toBeGreaterThan(3);
  });
});
