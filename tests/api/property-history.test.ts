import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryToday } from '../support/property-today';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { apiKeyFor, booking, sendBooking } from '../support/reservations';
import { addDays, ratesWindow } from '../../resources/rates-inventory/rates-inventory.schema';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { CONTACT_DOCS } from '../../resources/contacts/contact.resource';
import { DETAILS_DOCS } from '../../resources/properties/details.resource';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { dayRangeLabel } from '../../server/rates/rates-history';

/**
 * The one command path's history (issue 22): every write leaves one record in one envelope, and one
 * query lists a property's changes across details, contacts, rate plans, rates (grid, bulk, undo),
 * bookings and status actions. Records are append-only.
 */
let app: TestApp;
let staff: string;
let admin: string;
let propertyId: number;
let roomTypeId: string;
const { first: today } = ratesWindow(factoryToday());
const day = (n: number) => addDays(today, n);
const plans = resourceDocuments(ratePlanResource);
type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const call = async (who: string, doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(doc, variables)).body as Res;
const HISTORY = `query ($id: Int!, $limit: Int, $offset: Int) { propertyHistory(propertyId: $id, limit: $limit, offset: $offset) {
  totalCount nodes { id at action label subjectType subjectId correlationId actor { kind id name } changes { field before after } } } }`;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  propertyId = (await createProperty(app, { status: 'PUBLISHED', name: 'History House' })).id;
  roomTypeId = await createRoomType(app, propertyId, { name: 'Deluxe King' });
  staff = (await createUser(app, { isStaff: true, firstName: 'Sam', lastName: 'Staff' })).email;
  admin = (await createUser(app, { role: 'property_admin', propertyId, firstName: 'Ada', lastName: 'Admin' })).email;
});
afterAll(() => app.close());

describe(`one history for every write (${testDbKind})`, () => {
  it('labels a range of days as a person reads it', () => {
    expect(dayRangeLabel(['2027-01-09', '2027-01-03', '2027-01-05'])).toBe('3–9 Jan 2027');
    expect(dayRangeLabel(['2027-01-03'])).toBe('3 Jan 2027');
    expect(dayRangeLabel(['2027-01-30', '2027-02-02'])).toBe('30 Jan – 2 Feb 2027');
    expect(dayRangeLabel(['2026-12-30', '2027-01-02'])).toBe('30 Dec 2026 – 2 Jan 2027');
  });

  it("lists a property's changes across every write path, newest first, in one format", async () => {
    const details = await call(admin, DETAILS_DOCS.savePropertyDetails, {
      input: {
        propertyId,
        section: 'overview',
        version: 0,
        values: {
          description: 'By the sea.',
          propertyType: 'Hotel',
          starRating: 4,
          ratingType: 'AAA',
        },
      },
    });
    expect(details.errors).toBeUndefined();
    const contact = await call(admin, CONTACT_DOCS.saveKeyContact, {
      input: {
        propertyId,
        contactType: 'Billing',
        name: 'Bill Payer',
        position: 'Accounts',
        email: 'bill@history.example',
        phone: '0299998888',
      },
    });
    expect(contact.errors).toBeUndefined();
    const created = await call(admin, plans.create, {
      input: {
        propertyId,
        values: {
          name: 'Bed and breakfast',
          type: 'Standard',
          pricing: 'Dynamic',
          roomTypeIds: [roomTypeId],
          inclusionIds: [],
          customInclusionIds: [],
          saleStart: today,
          saleEnd: '2099-12-31',
          stayStart: null,
          stayEnd: null,
          minStay: 1,
          maxStay: null,
          cancellationPolicy: [],
          hidden: false,
        },
      },
    });
    expect(created.errors).toBeUndefined();
    const planId = created.data.createRatePlan.id as string;
    const saved = await call(admin, RATES_DOCS.saveCells, {
      input: {
        propertyId,
        roomTypeId,
        cells: [
          { ratePlanId: planId, date: day(3), field: 'rate', value: '150' },
          { ratePlanId: planId, date: day(9), field: 'rate', value: '160' },
        ],
      },
    });
    expect(saved.errors).toBeUndefined();
    const bulkInput = {
      propertyId,
      roomTypeId,
      ranges: [{ from: day(20), to: day(21) }],
      ratePlanIds: [planId],
      stopSell: true,
    };
    const { token } = (await call(admin, RATES_DOCS.preview, { input: bulkInput })).data.previewRatesBulkUpdate;
    const bulk = await call(admin, RATES_DOCS.apply, { input: { ...bulkInput, token } });
    expect(bulk.errors).toBeUndefined();
    const undone = await call(admin, RATES_DOCS.undo, {
      propertyId,
      roomTypeId,
      batchId: bulk.data.applyRatesBulkUpdate.batchId,
    });
    expect(undone.errors).toBeUndefined();
    const key = await apiKeyFor(app, propertyId);
    const sent = booking({ propertyId, roomTypeId, ratePlanId: planId, currency: 'AUD' });
    const received = await sendBooking(app, key, sent);
    expect(received.errors).toBeUndefined();
    const hotelRef = received.data.receiveBooking.hotelRef as string;
    // A retry changes nothing and records nothing.
    await sendBooking(app, key, sent);
    const unpublished = await call(staff, 'mutation ($id: Int!) { unpublishProperty(id: $id) { id } }', {
      id: propertyId,
    });
    expect(unpublished.errors).toBeUndefined();

    const res = await call(staff, HISTORY, { id: propertyId, limit: 100 });
    expect(res.errors).toBeUndefined();
    const page = res.data.propertyHistory;
    const rows = page.nodes.map((n: { action: string; label: string; actor: { kind: string; name: string } }) => [
      n.action,
      n.label,
      n.actor.kind,
      n.actor.name,
    ]);
    const range = (a: number, b: number) => dayRangeLabel([day(a), day(b)]);
    expect(rows).toEqual([
      ['property.unpublish', 'Property: History House', 'USER', 'Sam Staff'],
      ['reservation.booked', `Booking ${hotelRef}`, 'API_KEY', 'Test booking system'],
      ['rates.undo', `Rates: Deluxe King, ${range(20, 21)}`, 'USER', 'Ada Admin'],
      ['rates.bulk_update', `Rates: Deluxe King, ${range(20, 21)}`, 'USER', 'Ada Admin'],
      ['rates.save', `Rates: Deluxe King, ${range(3, 9)}`, 'USER', 'Ada Admin'],
      ['rate-plans.create', 'Rate plan: Bed and breakfast', 'USER', 'Ada Admin'],
      ['contact.create', 'Key contact: Billing', 'USER', 'Ada Admin'],
      ['property.details.overview', 'Details: Property overview', 'USER', 'Ada Admin'],
      ['membership.grant', `User: ${admin}`, 'OPERATOR', 'Operator'],
      ['property.create', 'Property: History House', 'OPERATOR', 'Operator'],
    ]);
    expect(page.totalCount).toBe(rows.length);
    const [status, , , , rates] = page.nodes;
    expect(status.changes).toEqual([{ field: 'status', before: 'PUBLISHED', after: 'UNPUBLISHED' }]);
    expect(rates.changes).toEqual([{ field: 'cells', before: null, after: 2 }]);
    const plan = page.nodes.find((n: { action: string }) => n.action === 'rate-plans.create');
    expect(plan.subjectId).toBe(planId);
    expect(plan.changes).toContainEqual({ field: 'name', before: null, after: 'Bed and breakfast' });
    for (const n of page.nodes) expect(new Date(n.at).toString()).not.toBe('Invalid Date');

    const second = await call(staff, HISTORY, { id: propertyId, limit: 2, offset: 2 });
    expect(second.data.propertyHistory.nodes.map((n: { id: string }) => n.id)).toEqual(
      page.nodes.slice(2, 4).map((n: { id: string }) => n.id),
    );
  });

  it('is for staff only, and refuses a bad page', async () => {
    const denied = await call(admin, HISTORY, { id: propertyId });
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const bad = await call(staff, HISTORY, { id: propertyId, limit: 1000 });
    expect(bad.errors?.[0]).toMatchObject({ message: 'limit must be between 1 and 100.' });
  });

  it('keeps records append-only: an update or a delete is refused by the database', async () => {
    const [{ n }] = await app.db.query<{ n: number }>('select count(*)::int as n from audit_log');
    await expect(app.db.query("update audit_log set action = 'forged'")).rejects.toThrow(/append-only/);
    await expect(app.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
    const [after] = await app.db.query<{ n: number; forged: number }>(
      "select count(*)::int as n, count(*) filter (where action = 'forged')::int as forged from audit_log",
    );
    expect(after).toEqual({ n, forged: 0 });
  });
});
