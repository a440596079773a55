import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDbKind } from '../support/test-db';
import { asUser } from '../support/as-user';
import { createGroup, createProperty, createUser } from '../factories';
import { apiKeyFor, booking, receipt, sellingProperty, sendBooking } from '../support/reservations';
import { SUPPORT_DOCS } from '../../resources/users/support.documents';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import type { WorklistKey } from '../../resources/properties/worklist';
import { addDays } from '../../resources/rates-inventory/rates-inventory.schema';

let app: TestApp;
let staff: string;
beforeAll(async () => {
  app = await createTestApp();
  staff = (await createUser(app, { isStaff: true })).email;
});
afterAll(() => app.close());

type Body = { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
const gql = async (who: string, query: string, variables: Record<string, unknown> = {}) =>
  (await (await asUser(app, who)).gql(query, variables)).body as Body;
const counts = async () => {
  const res = await gql(staff, SUPPORT_DOCS.worklist);
  expect(res.errors).toBeUndefined();
  return Object.fromEntries(res.data.staffWorklist.map((r: any) => [r.key, r])) as Record<
    WorklistKey,
    { count: number; properties: number }
  >;
};
/** The newest 50 property ids the finder lists for a worklist condition (this test's are the newest). */
async function listed(attention: WorklistKey): Promise<number[]> {
  const res = await gql(staff, PROPERTY_DOCS.staffProperties, { attention, sort: 'ID_DESC', limit: 50, offset: 0 });
  expect(res.errors).toBeUndefined();
  return res.data.viewer.properties.nodes.map((n: any) => n.id);
}
const utcToday = () => new Date().toISOString().slice(0, 10);

describe(`staff's worklist (issue 30, ${testDbKind})`, () => {
  it('counts each condition from data made for it, and each links to exactly those properties', async () => {
    const before = await counts();

    // Ready but not published: every section complete, still onboarding.
    const ready = await createProperty(app, {
      status: 'ONBOARDING',
      complete: true,
      contacts: ['PRIMARY', 'BILLING', 'RESERVATION'],
    });
    // Onboarding with sections missing.
    const bare = await createProperty(app, { status: 'ONBOARDING' });
    // Published, rates service on, no rate in the next 30 days.
    const noRates = await createProperty(app, { status: 'PUBLISHED', ratesServiceEnabled: true });
    // Two stays on one room, the second overbooked, inside the window.
    const key = await apiKeyFor(app);
    const selling = await sellingProperty(app);
    const night = addDays(utcToday(), 5);
    await app.db.query(
      'insert into room_inventory (property_id, room_type_id, day, rooms_to_sell) values ($1, $2, $3, 1)',
      [selling.propertyId, selling.roomTypeId, night],
    );
    const stay = { checkIn: night, checkOut: addDays(night, 1) };
    await receipt(app, key, booking(selling, stay));
    const second = await receipt(app, key, booking(selling, stay));
    expect(second.overbooked).toBe(true);
    // A booking email that failed.
    await app.db.query(
      `insert into booking_notifications (property_id, reservation_id, kind, recipient, status, attempts, last_error)
       select property_id, id, 'booked', 'front@hotel.example', 'failed', 8, 'mailbox full' from reservations
        where property_id = $1 limit 1`,
      [selling.propertyId],
    );
    // Two refusals of the intake: a room type that is not the property's, twice.
    for (let i = 0; i < 2; i++) {
      const refused = await sendBooking(app, key, booking(selling, { roomTypeId: '999999' }));
      expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    // A supplier who has not confirmed their email.
    const unverified = await createProperty(app, { status: 'UNPUBLISHED' });
    const stuck = await createUser(app, { role: 'property_editor', propertyId: unverified.id, emailVerified: false });

    const after = await counts();
    const delta = (k: WorklistKey) => [after[k].count - before[k].count, after[k].properties - before[k].properties];
    expect(delta('ready')).toEqual([1, 1]);
    expect(delta('incomplete')).toEqual([1, 1]);
    expect(delta('noRates')).toEqual([1, 1]);
    expect(delta('overbooked')).toEqual([1, 1]);
    expect(delta('bookingEmails')).toEqual([1, 1]);
    expect(delta('refusals')).toEqual([2, 1]);
    expect(delta('lockedUsers')).toEqual([1, 1]);

    expect(await listed('ready')).toContain(ready.id);
    expect(await listed('ready')).not.toContain(bare.id);
    expect(await listed('incomplete')).toContain(bare.id);
    expect(await listed('incomplete')).not.toContain(ready.id);
    expect(await listed('noRates')).toContain(noRates.id);
    for (const k of ['overbooked', 'bookingEmails', 'refusals'] as const)
      expect(await listed(k)).toContain(selling.propertyId);
    expect(await listed('lockedUsers')).toContain(unverified.id);
    // The people behind the count, to open on their support page.
    const people = await gql(staff, SUPPORT_DOCS.stuckSuppliers);
    expect(people.data.stuckSuppliers).toContainEqual(
      expect.objectContaining({ id: stuck.id, email: stuck.email, verified: false, locked: false }),
    );

    // The refusals are kept with their key, property and correlation id, never the key itself.
    const kept = await app.db.query<Record<string, unknown>>('select * from intake_refusals where property_id = $1', [
      selling.propertyId,
    ]);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatchObject({ code: 'BAD_USER_INPUT', booking_ref: expect.any(String) });
    expect(JSON.stringify(kept)).not.toContain(key);
  });

  it("staff's finder rows carry the group, readiness and the last change", async () => {
    const group = await createGroup(app, { name: 'Worklist Group' });
    const p = await createProperty(app, { status: 'UNPUBLISHED', groupId: group.id });
    // A change staff make (an unpublished property archived and back is refused, so publish it).
    await gql(staff, PROPERTY_DOCS.archiveProperty, { id: p.id });
    const res = await gql(staff, PROPERTY_DOCS.staffProperties, { search: `#${p.id}`, limit: 1, offset: 0 });
    const row = res.data.viewer.properties.nodes[0];
    expect(row.id).toBe(p.id);
    expect(row.publishable.roomTypes).toBe(false);
    expect(row.groupName).toBe('Worklist Group');
    expect(row.lastChange).toMatchObject({ actor: staff });
    expect(Date.now() - new Date(row.lastChange.at).getTime()).toBeLessThan(60_000);
  });

  it('is staff only: the worklist and the attention filter are NOT_FOUND to anyone else', async () => {
    const { id } = await createProperty(app);
    const admin = await createUser(app, { role: 'property_admin', propertyId: id });
    expect((await gql(admin.email, SUPPORT_DOCS.worklist)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const filtered = await gql(admin.email, PROPERTY_DOCS.viewerProperties, {
      attention: 'ready',
      limit: 20,
      offset: 0,
    });
    expect(filtered.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const unknown = await gql(staff, PROPERTY_DOCS.viewerProperties, { attention: 'everything', limit: 20, offset: 0 });
    expect(unknown.errors).toBeDefined();
  });
});
