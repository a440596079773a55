import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryToday } from '../support/property-today';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createRatePlan, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { apiKeyFor, booking, sendBooking } from '../support/reservations';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { addDays, ratesWindow } from '../../resources/rates-inventory/rates-inventory.schema';

/**
 * Room types and rate plans are referred to by the calendar and by bookings (foreign keys): a
 * booked one stays, one with a calendar is deleted with it only once the caller says yes, in the
 * same transaction, and each outcome is one history record or none.
 */
let app: TestApp;
let admin: string;
let propertyId: number;
const rooms = resourceDocuments(roomTypeResource);
const plans = resourceDocuments(ratePlanResource);
const { first: today } = ratesWindow(factoryToday());
type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const call = async (doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, admin)).gql(doc, variables)).body as Res;
const DELETE_ROOM = 'mutation ($input: DeleteRoomTypeInput!) { deleteRoomType(input: $input) { id } }';
const DELETE_PLAN = 'mutation ($input: DeleteRatePlanInput!) { deleteRatePlan(input: $input) { id } }';
const count = async (sql: string, params: unknown[]) =>
  Number((await app.db.query<{ n: string }>(`select count(*) as n from ${sql}`, params))[0].n);

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  propertyId = (await createProperty(app, { status: 'PUBLISHED' })).id;
  admin = (await createUser(app, { role: 'property_admin', propertyId })).email;
});
afterAll(() => app.close());

describe(`deleting what the calendar and bookings refer to (${testDbKind})`, () => {
  it('refuses to delete a booked room type or rate plan, naming the bookings, and changes nothing', async () => {
    const roomTypeId = await createRoomType(app, propertyId);
    const ratePlanId = await createRatePlan(app, propertyId, { roomTypeIds: [roomTypeId] });
    const sent = await sendBooking(
      app,
      await apiKeyFor(app, propertyId),
      booking({ propertyId, roomTypeId, ratePlanId, currency: 'AUD' }),
    );
    expect(sent.errors).toBeUndefined();
    const history = await count('audit_log where property_id = $1', [propertyId]);
    const plan = await call(DELETE_PLAN, { input: { id: ratePlanId, confirm: true } });
    expect(plan.errors?.[0]).toMatchObject({
      message: "This rate plan has 1 booking, so it can't be deleted. Hide it from sale instead.",
      extensions: { code: 'REFUSED' },
    });
    // The plan still sells it, so that is said first; without the plan, the booking.
    await app.db.query('delete from rate_plan_room_types where owner_id = $1', [ratePlanId]);
    const room = await call(DELETE_ROOM, { input: { id: roomTypeId, confirm: true } });
    expect(room.errors?.[0]).toMatchObject({
      message: "This room type has 1 booking, so it can't be deleted. Set its status to Inactive instead.",
      extensions: { code: 'REFUSED' },
    });
    expect(await count('room_types where id = $1', [roomTypeId])).toBe(1);
    expect(await count('rate_plans where id = $1', [ratePlanId])).toBe(1);
    expect(await count('audit_log where property_id = $1', [propertyId])).toBe(history);
  });

  it('asks before a room type takes its rates and inventory with it, then removes them in one step', async () => {
    const roomTypeId = await createRoomType(app, propertyId, { name: 'Garden Room' });
    const ratePlanId = await createRatePlan(app, propertyId, { roomTypeIds: [roomTypeId] });
    const saved = await call(RATES_DOCS.saveCells, {
      input: {
        propertyId,
        roomTypeId,
        cells: [
          { ratePlanId: null, date: addDays(today, 1), field: 'roomsToSell', value: 4 },
          { ratePlanId, date: addDays(today, 2), field: 'rate', value: '99' },
        ],
      },
    });
    expect(saved.errors).toBeUndefined();
    // The plan goes first (it asks too: it has a day of rates).
    const planAsk = await call(DELETE_PLAN, { input: { id: ratePlanId } });
    expect(planAsk.errors?.[0]).toMatchObject({
      message: 'This rate plan has rates and inventory on 1 day. Delete them with it?',
      extensions: { code: 'REFUSED', confirm: true },
    });
    expect(await count('rate_plan_days where rate_plan_id = $1', [ratePlanId])).toBe(1);
    expect((await call(DELETE_PLAN, { input: { id: ratePlanId, confirm: true } })).errors).toBeUndefined();
    expect(await count('rate_plan_days where rate_plan_id = $1', [ratePlanId])).toBe(0);
    expect(await count('rate_plan_room_types where owner_id = $1', [ratePlanId])).toBe(0);

    const ask = await call(DELETE_ROOM, { input: { id: roomTypeId } });
    expect(ask.errors?.[0]).toMatchObject({
      message: 'This room type has rates and inventory on 1 day. Delete them with it?',
      extensions: { code: 'REFUSED', confirm: true },
    });
    expect(await count('room_inventory where room_type_id = $1', [roomTypeId])).toBe(1);
    const done = await call(DELETE_ROOM, { input: { id: roomTypeId, confirm: true } });
    expect(done.errors).toBeUndefined();
    expect(await count('room_types where id = $1', [roomTypeId])).toBe(0);
    expect(await count('room_inventory where room_type_id = $1', [roomTypeId])).toBe(0);
    expect(await count('rates_batches where room_type_id = $1', [roomTypeId])).toBe(0);
    const [record] = await app.db.query<{ action: string; subject_label: string }>(
      'select action, subject_label from audit_log where subject_id = $1 order by id desc limit 1',
      [roomTypeId],
    );
    expect(record).toEqual({ action: 'room-types.delete', subject_label: 'Room type: Garden Room' });
  });

  it('deletes a room type with no calendar at once, and keeps a plan’s room types in the order chosen', async () => {
    const a = await createRoomType(app, propertyId);
    const b = await createRoomType(app, propertyId);
    const made = await call(plans.create, {
      input: {
        propertyId,
        values: {
          name: 'Ordered',
          type: 'Standard',
          pricing: 'Dynamic',
          roomTypeIds: [b, a, b],
          inclusionIds: [],
          customInclusionIds: [],
          saleStart: today,
          saleEnd: '2099-12-31',
          minStay: 1,
          cancellationPolicy: [{ daysBeforeArrival: 7, penaltyPercent: 50 }],
          hidden: false,
        },
      },
    });
    expect(made.errors).toBeUndefined();
    const plan = (await call(plans.one, { id: made.data.createRatePlan.id })).data.ratePlan;
    expect(plan.roomTypeIds).toEqual([b, a]);
    expect(plan.cancellationPolicy).toEqual([{ daysBeforeArrival: 7, penaltyPercent: 50 }]);
    const free = await createRoomType(app, propertyId);
    expect((await call(rooms.delete, { input: { id: free } })).errors).toBeUndefined();
    expect(await count('room_types where id = $1', [free])).toBe(0);
  });
});
