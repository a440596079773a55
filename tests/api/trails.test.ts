import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessCookie, asUser } from '../support/as-user';
import { createProperty, createRatePlan, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { parseCsv } from '../support/reservations';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import { TRAIL_CSV_COLUMNS, TRAIL_MESSAGES } from '../../resources/trails/trail-rules';
import { SETTINGS_MESSAGES } from '../../resources/properties/property-settings';
import { CONTACT_DOCS } from '../../resources/contacts/contact.resource';
import { DETAILS_DOCS } from '../../resources/properties/details.resource';
import { resourceDocuments } from '../../resources/resource.documents';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { TRAIL_EXPORT_PATH } from '../../server/trails/export-trail';

/**
 * Trails and Admin (issue 29): a property's history filtered, paged and exported; a change
 * reverted through its record's own save (applied, stale, refused by a rule, audited); the
 * settings saved against a version with their consequences enforced; staff only, per property.
 */
let app: TestApp;
let staff: string;
let admin: string;
let stranger: string;
let propertyId: number;
let otherId: number;
const rooms = resourceDocuments(roomTypeResource);
const plans = resourceDocuments(ratePlanResource);
type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const call = async (who: string, doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(doc, variables)).body as Res;
const trail = async (filter: Record<string, unknown> = {}, limit = 50, offset = 0, pid = propertyId) => {
  const res = await call(staff, TRAIL_DOCS.history, { propertyId: pid, filter, limit, offset });
  expect(res.errors).toBeUndefined();
  return res.data.propertyHistory as { totalCount: number; nodes: any[] };
};
const contact = (name: string, version?: number) => ({
  input: {
    propertyId,
    contactType: 'Billing',
    name,
    position: 'Accounts',
    email: 'bill@trails.example',
    phone: '0299998888',
    ...(version == null ? {} : { version }),
  },
});
const billing = async () =>
  (
    await app.db.query<{ name: string; version: number }>(
      "select name, version from contacts where property_id = $1 and contact_type = 'BILLING'",
      [propertyId],
    )
  )[0];
const auditCount = async () => Number((await app.db.query<{ n: string }>('select count(*) as n from audit_log'))[0].n);

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  propertyId = (await createProperty(app, { status: 'ONBOARDING', name: 'Trail Lodge' })).id;
  otherId = (await createProperty(app, { name: 'Other Lodge' })).id;
  staff = (await createUser(app, { isStaff: true, firstName: 'Sam', lastName: 'Staff' })).email;
  admin = (await createUser(app, { role: 'property_admin', propertyId, firstName: 'Ada', lastName: 'Admin' })).email;
  stranger = (await createUser(app, { role: 'property_admin', propertyId: otherId })).email;
  expect((await call(admin, CONTACT_DOCS.saveKeyContact, contact('Bill One'))).errors).toBeUndefined();
  const v = (await billing()).version;
  expect((await call(admin, CONTACT_DOCS.saveKeyContact, contact('Bill Two', v))).errors).toBeUndefined();
});
afterAll(() => app.close());

describe(`Trails (${testDbKind})`, () => {
  it('filters by section, person, days and record, pages, and names who with email and role', async () => {
    const all = await trail();
    expect(all.nodes.map((n) => n.label)).toEqual([
      'Key contact: Billing',
      'Key contact: Billing',
      `User: ${admin}`,
      'Property: Trail Lodge',
    ]);
    const [latest] = all.nodes;
    expect(latest.actor).toMatchObject({ kind: 'USER', name: 'Ada Admin', email: admin, role: 'property_admin' });
    expect(latest.section).toEqual({ key: 'contacts', label: 'Key contacts' });
    expect(latest.changes).toEqual([{ field: 'name', before: 'Bill One', after: 'Bill Two' }]);

    const contacts = await trail({ section: 'contacts' });
    expect(contacts.totalCount).toBe(2);
    expect(contacts.nodes.every((n) => n.subjectType === 'Contact')).toBe(true);
    const adminId = (await app.db.query<{ id: number }>('select id from users where email = $1', [admin]))[0].id;
    expect((await trail({ actor: `user:${adminId}` })).totalCount).toBe(2);
    expect((await trail({ actor: 'operator' })).nodes.map((n) => n.action)).toEqual([
      'membership.grant',
      'property.create',
    ]);
    expect((await trail({ from: '2099-01-01' })).totalCount).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail({ from: '2000-01-01', to: '2099-12-31' })).totalCount).toBe(4);
    expect((await trail({ to: '2000-01-01' })).totalCount).toBe(0);
    expect(today).toMatch(/^\d{4}/);
    const second = await trail({}, 2, 2);
    expect(second.totalCount).toBe(4);
    expect(second.nodes.map((n) => n.id)).toEqual(all.nodes.slice(2, 4).map((n) => n.id));

    const actors = (await call(staff, TRAIL_DOCS.actors, { propertyId })).data.trailActors;
    expect(actors).toEqual([
      { key: `user:${adminId}`, name: 'Ada Admin', email: admin },
      { key: 'operator', name: 'Operator', email: null },
    ]);
  });

  it('refuses a filter it cannot read, with the reason', async () => {
    const bad = async (filter: Record<string, unknown>) =>
      (await call(staff, TRAIL_DOCS.history, { propertyId, filter })).errors?.[0];
    expect(await bad({ actor: 'user:abc' })).toMatchObject({ message: 'Choose a person from the list.' });
    expect(await bad({ from: '03-01-2027' })).toMatchObject({ message: 'must be a date (yyyy-mm-dd)' });
    expect(await bad({ from: '2027-02-01', to: '2027-01-01' })).toMatchObject({
      message: 'The start date must be on or before the end date.',
    });
    expect(await bad({ section: 'nope' })).toBeDefined();
  });

  it('exports the filter as CSV, every matching row, for staff only', async () => {
    const cookie = await accessCookie(app, staff);
    const res = await fetch(`${app.httpBase}${TRAIL_EXPORT_PATH}?propertyId=${propertyId}&section=contacts`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual(TRAIL_CSV_COLUMNS.map(([h]) => h));
    expect(rows).toHaveLength(2);
    const col = (name: string) => rows.map((r) => r[header.indexOf(name)]);
    expect(col('Who')).toEqual(['Ada Admin', 'Ada Admin']);
    expect(col('Role')).toEqual(['Property admin', 'Property admin']);
    expect(col('Changes')[0]).toBe('name: "Bill One" → "Bill Two"');
    const denied = await fetch(`${app.httpBase}${TRAIL_EXPORT_PATH}?propertyId=${propertyId}`, {
      headers: { cookie: await accessCookie(app, admin) },
    });
    expect(denied.status).toBe(404);
    const bad = await fetch(`${app.httpBase}${TRAIL_EXPORT_PATH}?propertyId=${propertyId}&actor=me`, {
      headers: { cookie },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Choose a person from the list.' });
  });

  it('is for staff only, and another property answers like a missing one', async () => {
    for (const who of [admin, stranger]) {
      const res = await call(who, TRAIL_DOCS.history, { propertyId });
      expect(res.errors?.[0].extensions.code).toMatch(/FORBIDDEN|NOT_FOUND/);
    }
    const [rec] = (await trail({ section: 'contacts' })).nodes;
    const before = await auditCount();
    const denied = await call(admin, TRAIL_DOCS.revert, { propertyId, historyId: rec.id });
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const elsewhere = await call(staff, TRAIL_DOCS.revert, { propertyId: otherId, historyId: rec.id });
    expect(elsewhere.errors?.[0]).toMatchObject({ message: 'Change not found.', extensions: { code: 'NOT_FOUND' } });
    expect(await auditCount()).toBe(before);
    expect((await billing()).name).toBe('Bill Two');
  });
});

describe(`Revert (${testDbKind})`, () => {
  it("writes the change's before-values back as a new change that links to it, once", async () => {
    const [rec] = (await trail({ section: 'contacts' })).nodes;
    const res = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: rec.id });
    expect(res.errors).toBeUndefined();
    const made = res.data.revertChange;
    expect(made).toMatchObject({ revertsId: rec.id, label: 'Key contact: Billing', action: 'contact.update' });
    expect(made.actor).toMatchObject({ name: 'Sam Staff', role: 'staff' });
    expect(made.changes).toEqual([{ field: 'name', before: 'Bill Two', after: 'Bill One' }]);
    expect((await billing()).name).toBe('Bill One');
    const [undone] = (await trail({ section: 'contacts' }, 50)).nodes.filter((n) => n.id === rec.id);
    expect(undone.revertedById).toBe(made.id);
    const again = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: rec.id });
    expect(again.errors?.[0]).toMatchObject({
      message: TRAIL_MESSAGES.alreadyReverted,
      extensions: { code: 'REFUSED' },
    });
  });

  it('is refused as STALE, with the values now, when the record has changed since', async () => {
    const v = (await billing()).version;
    await call(admin, CONTACT_DOCS.saveKeyContact, contact('Bill Three', v));
    const v2 = (await billing()).version;
    await call(admin, CONTACT_DOCS.saveKeyContact, contact('Bill Four', v2));
    const nodes = (await trail({ section: 'contacts' })).nodes;
    const older = nodes.find((n) => n.changes[0]?.after === 'Bill Three');
    const before = await auditCount();
    const res = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: older.id });
    expect(res.errors?.[0]).toMatchObject({ message: TRAIL_MESSAGES.revertStale, extensions: { code: 'STALE' } });
    expect(res.errors?.[0].extensions.current.values.name).toBe('Bill Four');
    expect((await billing()).name).toBe('Bill Four');
    expect(await auditCount()).toBe(before);
  });

  it("reverts a creation with the record's own delete, refused by its rules (a rate plan still sells it)", async () => {
    const created = await call(admin, rooms.create, {
      input: {
        propertyId,
        values: {
          name: 'Garden Room',
          beds: [{ type: 'KING', count: 1 }],
          bathroom: 'PRIVATE',
          smoking: 'NON_SMOKING',
          maxAdults: 2,
          maxChildren: 0,
          roomCount: 2,
          status: 'ACTIVE',
        },
      },
    });
    expect(created.errors).toBeUndefined();
    const roomId = created.data.createRoomType.id;
    const rec = (await trail({ section: 'roomTypes' })).nodes.find((n) => n.subjectId === roomId);
    const planId = await createRatePlan(app, propertyId, { roomTypeIds: [roomId] });
    const refusedRes = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: rec.id });
    expect(refusedRes.errors?.[0].extensions.code).toBe('REFUSED');
    expect(refusedRes.errors?.[0].message).toMatch(/used by 1 rate plan/);
    await app.db.query('delete from rate_plans where id = $1', [planId]);
    const res = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: rec.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.revertChange).toMatchObject({ action: 'room-types.delete', revertsId: rec.id });
    expect(await app.db.query('select 1 from room_types where id = $1', [roomId])).toHaveLength(0);

    // And the deletion reverted: the room type is made again with its values (a new record).
    const deleted = (await trail({ section: 'roomTypes' })).nodes[0];
    const back = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: deleted.id });
    expect(back.errors).toBeUndefined();
    expect(back.data.revertChange).toMatchObject({ action: 'room-types.create', label: 'Room type: Garden Room' });
    const [again] = await app.db.query<{ n: string }>(
      "select count(*) as n from room_types where property_id = $1 and name = 'Garden Room'",
      [propertyId],
    );
    expect(Number(again.n)).toBe(1);
  });

  it("reverts a details section's change through the details save", async () => {
    const overview = (description: string, version: number) =>
      call(admin, DETAILS_DOCS.savePropertyDetails, {
        input: {
          propertyId,
          section: 'overview',
          version,
          values: {
            description,
            propertyType: 'Hotel',
            starRating: 4,
            ratingType: 'AAA',
          },
        },
      });
    const first = await overview('By the sea.', 0);
    expect(first.errors).toBeUndefined();
    expect((await overview('On the hill.', first.data.savePropertyDetails.version)).errors).toBeUndefined();
    const [rec] = (await trail({ section: 'property' })).nodes;
    expect(rec).toMatchObject({ label: 'Details: Property overview', revertable: true });
    const res = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: rec.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.revertChange.changes).toEqual([
      { field: 'description', before: 'On the hill.', after: 'By the sea.' },
    ]);
    const [d] = await app.db.query<{ description: string }>(
      "select sections->'overview'->>'description' as description from property_details where property_id = $1",
      [propertyId],
    );
    expect(d.description).toBe('By the sea.');
  });

  it('leaves rates batches to their own undo, and answers a missing change as not found', async () => {
    const missing = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: '999999999' });
    expect(missing.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe(`Admin settings (${testDbKind})`, () => {
  const settings = async () => (await call(staff, TRAIL_DOCS.settings, { propertyId })).data.propertySettings;

  it('saves against a version, refuses a stale save with what is stored, and is audited and revertable', async () => {
    const s = await settings();
    expect(s.values).toMatchObject({ name: 'Trail Lodge', inventoryProvider: 'extranet', currencyCode: 'AUD' });
    const saved = await call(staff, TRAIL_DOCS.saveSettings, {
      input: { propertyId, version: s.version, values: { ...s.values, currencyCode: 'NZD', exchangeRate: 0.91 } },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.savePropertySettings.values).toMatchObject({ currencyCode: 'NZD', exchangeRate: 0.91 });
    const stale = await call(staff, TRAIL_DOCS.saveSettings, {
      input: { propertyId, version: s.version, values: { ...s.values, name: 'Renamed' } },
    });
    expect(stale.errors?.[0]).toMatchObject({ message: SETTINGS_MESSAGES.conflict, extensions: { code: 'STALE' } });
    expect(stale.errors?.[0].extensions.current.values.currencyCode).toBe('NZD');
    const [rec] = (await trail({ section: 'property' })).nodes;
    expect(rec).toMatchObject({ action: 'property.settings', label: 'Settings: Trail Lodge' });
    expect(rec.changes).toEqual([
      { field: 'currencyCode', before: 'AUD', after: 'NZD' },
      { field: 'exchangeRate', before: null, after: 0.91 },
    ]);
    const reverted = await call(staff, TRAIL_DOCS.revert, { propertyId, historyId: rec.id });
    expect(reverted.errors).toBeUndefined();
    expect((await settings()).values).toMatchObject({ currencyCode: 'AUD', exchangeRate: null });
  });

  it('refuses bad values field by field and is for staff only', async () => {
    const s = await settings();
    const bad = await call(staff, TRAIL_DOCS.saveSettings, {
      input: {
        propertyId,
        version: s.version,
        values: { ...s.values, currencyCode: 'EUR', exchangeRate: null, previousPropertyId: propertyId },
      },
    });
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].extensions.fields).toMatchObject({
      exchangeRate: ['A foreign currency needs an exchange rate.'],
    });
    const self = await call(staff, TRAIL_DOCS.saveSettings, {
      input: { propertyId, version: s.version, values: { ...s.values, previousPropertyId: propertyId } },
    });
    expect(self.errors?.[0].extensions.fields).toEqual({ previousPropertyId: [SETTINGS_MESSAGES.previousSelf] });
    const denied = await call(admin, TRAIL_DOCS.saveSettings, {
      input: { propertyId, version: s.version, values: { ...s.values, canManageContent: false } },
    });
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await settings()).version).toBe(s.version);
  });

  it("enforces what the switches say: a derbysoft property's rate plans and a staff-managed property's content are read-only", async () => {
    const roomTypeId = await createRoomType(app, propertyId);
    const planId = await createRatePlan(app, propertyId, { roomTypeIds: [roomTypeId] });
    const s = await settings();
    const to = async (values: Record<string, unknown>) => {
      const cur = await settings();
      const r = await call(staff, TRAIL_DOCS.saveSettings, {
        input: { propertyId, version: cur.version, values: { ...cur.values, ...values } },
      });
      expect(r.errors).toBeUndefined();
    };
    await to({ inventoryProvider: 'derbysoft' });
    const update = () => call(admin, plans.delete, { input: { id: planId } });
    expect((await update()).errors?.[0].extensions.code).toBe('FORBIDDEN');
    await to({ inventoryProvider: s.values.inventoryProvider, canManageContent: false });
    const contactSave = await call(admin, CONTACT_DOCS.saveKeyContact, contact('Locked', (await billing()).version));
    expect(contactSave.errors?.[0].extensions.code).toBe('FORBIDDEN');
    await to({ canManageContent: true });
    const allowed = await update();
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data.deleteRatePlan.id).toBe(planId);
  });

  it('lets staff create a property in a group, and nobody else', async () => {
    const [{ id: groupId }] = await app.db.query<{ id: number }>(
      "insert into property_groups (name) values ('Trail Group') returning id",
    );
    const made = await call(staff, TRAIL_DOCS.createProperty, {
      input: { name: 'Saltbush Bay Retreat', suburb: 'Mollymook', country: 'Australia', propertyGroupId: groupId },
    });
    expect(made.errors).toBeUndefined();
    expect(made.data.createProperty).toMatchObject({ name: 'Saltbush Bay Retreat', status: 'PROSPECTIVE' });
    const [row] = await app.db.query<{ property_group_id: number }>(
      'select property_group_id from properties where id = $1',
      [made.data.createProperty.id],
    );
    expect(row.property_group_id).toBe(groupId);
    const created = await trail({ section: 'property' }, 5, 0, made.data.createProperty.id);
    expect(created.nodes[0]).toMatchObject({ action: 'property.create', actor: { name: 'Sam Staff' } });
    const denied = await call(admin, TRAIL_DOCS.createProperty, { input: { name: 'Sneaky' } });
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const blank = await call(staff, TRAIL_DOCS.createProperty, { input: { name: ' ' } });
    expect(blank.errors?.[0].extensions.fields).toEqual({ name: ['is required'] });
  });
});
