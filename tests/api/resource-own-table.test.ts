import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { RESOURCES } from '../../resources/registry';
import { resourceDocuments } from '../../resources/resource.documents';
import { checkResourceStorage, storageDdl } from '../../server/resources/resource-storage';
import { meetingRoomResource } from '../fixtures/resources/meeting-rooms/meeting-room.resource';

/**
 * 'Adding a resource' with a table of its own (README): the definition, the DDL the server prints
 * for it as its migration, and nothing else. Every kind of field is stored in a real column (a
 * multi-choice in a text[], a reference in a link table with a foreign key) and read back the
 * same; the list filters a multi-choice; a stale edit is STALE; every write is one history record.
 */
let app: TestApp;
let admin = '';
let propertyId = 0;
let rooms: string[] = [];
const docs = resourceDocuments(meetingRoomResource);
const call = async (query: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, admin)).gql(query, variables)).body as {
    data?: any;
    errors?: { message: string; extensions: Record<string, any> }[];
  };

beforeAll(async () => {
  app = await createTestApp({ resources: [...RESOURCES, meetingRoomResource], seed: false });
  await expect(checkResourceStorage(app.db, [meetingRoomResource])).rejects.toThrow(
    "Resource 'meeting-rooms' stores its rows in its own table, but the database lacks table fixture_meeting_rooms",
  );
  // The migration a newcomer adds is the DDL the server printed.
  for (const statement of storageDdl(meetingRoomResource)
    .split(/;\n?/)
    .filter((s) => s.trim()))
    await app.db.query(statement);
  await app.db.query(
    'alter table fixture_meeting_rooms_room_type_ids add foreign key (ref_id) references room_types (id) deferrable initially deferred',
  );
  await checkResourceStorage(app.db, [meetingRoomResource]);
  propertyId = (await createProperty(app, { status: 'PUBLISHED' })).id;
  rooms = [await createRoomType(app, propertyId), await createRoomType(app, propertyId)];
  admin = (await createUser(app, { role: 'property_admin', propertyId })).email;
});
afterAll(() => app.close());

describe(`a resource with a table of its own (${testDbKind})`, () => {
  it('stores every kind of field in its columns and link table, and reads them back the same', async () => {
    const values = {
      name: 'Harbour Room',
      capacity: 40,
      area: 62.5,
      layouts: ['THEATRE', 'BANQUET'],
      projector: true,
      openFrom: '2027-01-04',
      roomTypeIds: [rooms[1], rooms[0]],
      notes: 'Opens onto the terrace.',
    };
    const made = await call(docs.create, { input: { propertyId, values } });
    expect(made.errors).toBeUndefined();
    const id = made.data.createMeetingRoom.id as string;
    expect(made.data.createMeetingRoom).toMatchObject({ ...values, version: 1 });
    const [row] = await app.db.query<Record<string, unknown>>(
      'select name, capacity, area::text as area, layouts, projector, open_from::text as open_from, notes from fixture_meeting_rooms where id = $1',
      [id],
    );
    expect(row).toEqual({
      name: 'Harbour Room',
      capacity: 40,
      area: '62.5',
      layouts: ['THEATRE', 'BANQUET'],
      projector: true,
      open_from: '2027-01-04',
      notes: 'Opens onto the terrace.',
    });
    expect(
      await app.db.query(
        'select ref_id::text as ref from fixture_meeting_rooms_room_type_ids where owner_id = $1 order by position',
        [id],
      ),
    ).toEqual([{ ref: rooms[1] }, { ref: rooms[0] }]);
    expect((await call(docs.one, { id })).data.meetingRoom).toMatchObject(values);

    await call(docs.create, {
      input: { propertyId, values: { name: 'Cove Room', capacity: 12, layouts: ['BOARDROOM'], roomTypeIds: [] } },
    });
    const theatre = await call(docs.list, {
      input: { propertyId, filter: { layouts: ['THEATRE'] }, sort: 'NAME_ASC' },
    });
    expect(theatre.data.meetingRooms.nodes.map((n: { name: string }) => n.name)).toEqual(['Harbour Room']);
    const bySize = await call(docs.list, { input: { propertyId, sort: 'CAPACITY_DESC' } });
    expect(bySize.data.meetingRooms.nodes.map((n: { name: string }) => n.name)).toEqual(['Harbour Room', 'Cove Room']);

    const edited = await call(docs.update, {
      input: { id, version: 1, values: { ...values, layouts: ['BOARDROOM'], roomTypeIds: [rooms[0]], area: null } },
    });
    expect(edited.errors).toBeUndefined();
    expect(edited.data.updateMeetingRoom).toMatchObject({
      version: 2,
      layouts: ['BOARDROOM'],
      roomTypeIds: [rooms[0]],
    });
    const stale = await call(docs.update, { input: { id, version: 1, values: { ...values, name: 'Old' } } });
    expect(stale.errors?.[0].extensions).toMatchObject({
      code: 'STALE',
      current: { version: 2, values: { name: 'Harbour Room', layouts: ['BOARDROOM'], roomTypeIds: [rooms[0]] } },
    });
    // A room type a meeting room refers to is in use, as a rate plan's is.
    const refused = await call('mutation ($id: ID!) { deleteRoomType(input: { id: $id }) { id } }', { id: rooms[0] });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This room type is used by 1 meeting room. Remove it from them first.',
      extensions: { code: 'REFUSED' },
    });
    expect((await call(docs.delete, { input: { id } })).errors).toBeUndefined();
    expect(await app.db.query('select 1 from fixture_meeting_rooms_room_type_ids where owner_id = $1', [id])).toEqual(
      [],
    );
    const history = await app.db.query<{ action: string; subject_label: string }>(
      "select action, subject_label from audit_log where action like 'meeting-rooms.%' and subject_id = $1 order by id",
      [id],
    );
    expect(history).toEqual([
      { action: 'meeting-rooms.create', subject_label: 'Meeting room: Harbour Room' },
      { action: 'meeting-rooms.update', subject_label: 'Meeting room: Harbour Room' },
      { action: 'meeting-rooms.delete', subject_label: 'Meeting room: Harbour Room' },
    ]);
  });
});
