import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createContact, createUser } from '../factories';
import { apiKeyFor, booking, receipt, sellingProperty, sendBooking } from '../support/reservations';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { HEALTH_MESSAGES } from '../../server/ops/health-drilldown';

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

describe("the health page's drill-down (issue 30)", () => {
  it('a failed booking email is listed with its booking; Retry now sends it, in one record of the property', async () => {
    const s = await sellingProperty(app);
    const contact = await createContact(app, s.propertyId, { type: 'RESERVATION', confirmationEmails: true });
    const key = await apiKeyFor(app, s.propertyId);
    const made = await receipt(app, key, booking(s));
    await app.services.notifier.idle();
    // As if every try had failed.
    await app.db.query(
      `update booking_notifications set status = 'failed', attempts = 8, last_error = 'mailbox full' where property_id = $1`,
      [s.propertyId],
    );
    const list = await gql(staff, PROPERTY_DOCS.bookingEmailTrouble);
    const row = list.data.bookingEmailTrouble.find((e: any) => e.propertyId === s.propertyId);
    expect(row).toMatchObject({
      hotelRef: made.hotelRef,
      recipient: contact.email,
      status: 'failed',
      attempts: 8,
      lastError: 'mailbox full',
    });

    const res = await gql(staff, PROPERTY_DOCS.retryBookingEmail, { propertyId: s.propertyId, id: row.id });
    expect(res.data.retryBookingEmail.message).toBe(HEALTH_MESSAGES.retried(contact.email));
    await app.services.notifier.idle();
    const [n] = await app.db.query<{ status: string }>(
      'select status from booking_notifications where property_id = $1 and id = $2',
      [s.propertyId, row.id],
    );
    expect(n.status).toBe('sent');
    const records = await app.db.query<{ action: string; property_id: number }>(
      `select action, property_id from audit_log where action = 'booking_email.retry' and property_id = $1`,
      [s.propertyId],
    );
    expect(records).toHaveLength(1);
    const again = await gql(staff, PROPERTY_DOCS.retryBookingEmail, { propertyId: s.propertyId, id: row.id });
    expect(again.errors?.[0]).toMatchObject({ message: HEALTH_MESSAGES.alreadySent, extensions: { code: 'REFUSED' } });
    const missing = await gql(staff, PROPERTY_DOCS.retryBookingEmail, { propertyId: s.propertyId, id: '999999999' });
    expect(missing.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('the refusals list names the key, the property and the correlation id; a caller without a good key leaves nothing', async () => {
    const s = await sellingProperty(app);
    const key = await apiKeyFor(app, s.propertyId);
    const bad = booking(s, { currency: 'USD' });
    const sent = await app.gql(
      'mutation R($input: BookingInput!) { receiveBooking(input: $input) { hotelRef } }',
      { input: bad },
      { headers: { 'x-api-key': key, 'x-correlation-id': 'drill-down-1' } },
    );
    expect(sent.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const before = (await app.db.query('select 1 from intake_refusals')).length;
    const wrongKey = await sendBooking(app, 'hxk_aaaaaaaaaa_' + 'x'.repeat(40), bad);
    expect(wrongKey.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await app.db.query('select 1 from intake_refusals')).length).toBe(before);

    const list = await gql(staff, PROPERTY_DOCS.intakeRefusals);
    const row = list.data.intakeRefusals.find((r: any) => r.correlationId === 'drill-down-1');
    expect(row).toMatchObject({ propertyId: s.propertyId, bookingRef: bad.bookingRef, code: 'BAD_USER_INPUT' });
    expect(row.apiKey).toMatch(/^Test booking system \(hxk_[a-z0-9]{10}…\)$/);
    expect(JSON.stringify(list.data)).not.toContain(key);
  });

  it("each booking system's state at a property: connected, its last booking and its last refusal; revoked when its key is", async () => {
    const s = await sellingProperty(app);
    const key = await apiKeyFor(app, s.propertyId);
    const prefix = key.split('_')[1];
    const stateHere = async () => {
      const res = await gql(staff, PROPERTY_DOCS.channelStates);
      expect(res.errors).toBeUndefined();
      return res.data.channelStates.filter((r: any) => r.propertyId === s.propertyId && r.apiKey.includes(prefix));
    };
    expect(await stateHere()).toEqual([]);
    await receipt(app, key, booking(s));
    const refused = await sendBooking(app, key, booking(s, { currency: 'USD' }));
    expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const [{ message }] = await app.db.query<{ message: string }>(
      'select message from intake_refusals where property_id = $1 order by id desc limit 1',
      [s.propertyId],
    );
    const [row] = await stateHere();
    expect(row).toMatchObject({
      propertyId: s.propertyId,
      state: 'CONNECTED',
      lastPushAt: expect.any(String),
      lastErrorAt: expect.any(String),
      lastError: message,
    });
    await app.db.query('update api_keys set revoked_at = now() where prefix = $1', [prefix]);
    expect((await stateHere())[0].state).toBe('REVOKED');
  });

  it('is staff only', async () => {
    const s = await sellingProperty(app);
    const admin = await createUser(app, { role: 'property_admin', propertyId: s.propertyId });
    for (const doc of [PROPERTY_DOCS.bookingEmailTrouble, PROPERTY_DOCS.intakeRefusals, PROPERTY_DOCS.channelStates])
      expect((await gql(admin.email, doc)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const retry = await gql(admin.email, PROPERTY_DOCS.retryBookingEmail, { propertyId: s.propertyId, id: '1' });
    expect(retry.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
