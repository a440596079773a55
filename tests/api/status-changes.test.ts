import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessCookie, gqlAs } from '../support/as-user';
import { createProperty, unique } from '../factories';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { BULK_STATUS_MAX, STATUS_TEXTS } from '../../resources/properties/status-texts';
import { CHANGE_REASON_TEXTS } from '../../resources/change-reason';
import { FINDER_CSV_COLUMNS, FINDER_EXPORT_PATH } from '../../resources/properties/finder-export';
import { insertReservation } from './matrix/reservations-operations';

let app: TestApp;
const STAFF = 'staff@extranet.example';
const ADMIN = 'admin@harbourview.example';
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const gql = (who: string, query: string, variables: Record<string, unknown> = {}) => gqlAs(app, who, query, variables);
const statusOf = async (id: number) =>
  (
    await app.db.query<{ status: string; archived_from: string | null }>(
      'select status, archived_from from properties where id = $1',
      [id],
    )
  )[0];
const lastRecord = async (id: number) =>
  (
    await app.db.query<{ action: string; actor: string; before: any; after: any }>(
      `select a.action, u.email as actor, a.before, a.after from audit_log a join users u on u.id = a.actor_user_id
        where a.subject_type = 'Property' and a.subject_id = $1 order by a.id desc limit 1`,
      [String(id)],
    )
  )[0];

describe('status changes that can be undone (issue 30)', () => {
  it('keeps the reason with the status change, and refuses a reason too short with nothing changed', async () => {
    const { id } = await createProperty(app, { status: 'PUBLISHED' });
    const short = await gql(STAFF, PROPERTY_DOCS.unpublishProperty, { id, reason: 'x' });
    expect(short.errors?.[0]).toMatchObject({
      message: CHANGE_REASON_TEXTS.required,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await statusOf(id)).status).toBe('PUBLISHED');
    const res = await gql(STAFF, PROPERTY_DOCS.unpublishProperty, { id, reason: '  Renovating the lobby  ' });
    expect(res.errors).toBeUndefined();
    expect(await lastRecord(id)).toEqual({
      action: 'property.unpublish',
      actor: STAFF,
      before: { status: 'PUBLISHED' },
      after: { status: 'UNPUBLISHED', reason: 'Renovating the lobby' },
    });
  });

  it('archives a property with bookings on Delete, and Restore takes it back to the status it left', async () => {
    const { id } = await createProperty(app, { status: 'ONBOARDING', complete: true });
    const [{ room_type_id, rate_plan_id }] = await app.db.query<{ room_type_id: string; rate_plan_id: string }>(
      'select x.ref_id as room_type_id, x.owner_id as rate_plan_id from rate_plan_room_types x join rate_plans r on r.id = x.owner_id where r.property_id = $1 limit 1',
      [id],
    );
    await insertReservation(app.db, id, room_type_id, rate_plan_id);
    const facts = await gql(STAFF, PROPERTY_DOCS.propertyDeletion, { id });
    expect(facts.data.viewer.property).toEqual({ id, hardDeletable: false, archivedFrom: null });
    const deleted = await gql(STAFF, PROPERTY_DOCS.deleteProperty, { id, reason: 'Hotel sold' });
    expect(deleted.data.deleteProperty).toEqual({ id, status: 'ARCHIVED' });
    expect(await statusOf(id)).toEqual({ status: 'ARCHIVED', archived_from: 'ONBOARDING' });
    expect(await lastRecord(id)).toMatchObject({
      action: 'property.delete',
      after: { status: 'ARCHIVED', reason: 'Hotel sold' },
    });
    const [{ n }] = await app.db.query<{ n: number }>(
      'select count(*)::int as n from reservations where property_id = $1',
      [id],
    );
    expect(n).toBe(1);
    // Spec §4 offers no menu for Archived; Restore is the one action left.
    const publish = await gql(STAFF, PROPERTY_DOCS.publishProperty, { id });
    expect(publish.errors?.[0].extensions?.code).toBe('REFUSED');
    const restored = await gql(STAFF, PROPERTY_DOCS.restoreProperty, { id, reason: 'Sale fell through' });
    expect(restored.data.restoreProperty).toEqual({ id, status: 'ONBOARDING' });
    expect(await statusOf(id)).toEqual({ status: 'ONBOARDING', archived_from: null });
    expect(await lastRecord(id)).toMatchObject({
      action: 'property.restore',
      before: { status: 'ARCHIVED' },
      after: { status: 'ONBOARDING', reason: 'Sale fell through' },
    });
    // An archive from Unpublished is restored to Unpublished; a property never archived cannot be restored.
    const again = await gql(STAFF, PROPERTY_DOCS.restoreProperty, { id });
    expect(again.errors?.[0]).toMatchObject({
      message: "A property that is Onboarding can't be restored.",
      extensions: { code: 'REFUSED' },
    });
  });

  it('deletes a Prospective property with no data for good, only once its name is typed', async () => {
    const { id, name } = await createProperty(app, { status: 'PROSPECTIVE' });
    expect((await gql(STAFF, PROPERTY_DOCS.propertyDeletion, { id })).data.viewer.property.hardDeletable).toBe(true);
    for (const confirmName of [undefined, 'Some other hotel']) {
      const res = await gql(STAFF, PROPERTY_DOCS.deleteProperty, { id, confirmName });
      expect(res.errors?.[0]).toMatchObject({ message: STATUS_TEXTS.typeName(name), extensions: { code: 'REFUSED' } });
      expect((await statusOf(id)).status).toBe('PROSPECTIVE');
    }
    const res = await gql(STAFF, PROPERTY_DOCS.deleteProperty, {
      id,
      confirmName: ` ${name} `,
      reason: 'Made by mistake',
    });
    expect(res.errors).toBeUndefined();
    expect(await statusOf(id)).toBeUndefined();
    expect(await lastRecord(id)).toMatchObject({ action: 'property.delete', after: { reason: 'Made by mistake' } });
    // A hotel's admin cannot ask whether a property could be deleted.
    const asAdmin = await gql(ADMIN, PROPERTY_DOCS.propertyDeletion, { id: 1 });
    expect(asAdmin.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('bulk status change from the finder (issue 30)', () => {
  it('previews which properties a bulk publish would leave out and why, then publishes the rest with one reason each', async () => {
    const tag = unique('Bulkton');
    const ready = [];
    for (let i = 0; i < 3; i++)
      ready.push(
        (
          await createProperty(app, {
            name: `${tag} Ready ${i}`,
            status: 'ONBOARDING',
            complete: true,
            contacts: ['PRIMARY', 'BILLING', 'RESERVATION'],
          })
        ).id,
      );
    const { id: notReady } = await createProperty(app, { name: `${tag} Not ready`, status: 'ONBOARDING' });
    const { id: published } = await createProperty(app, { name: `${tag} Live`, status: 'PUBLISHED' });
    const preview = await gql(STAFF, PROPERTY_DOCS.bulkStatusPreview, { action: 'publish', search: tag });
    expect(preview.errors).toBeUndefined();
    const items = preview.data.bulkStatusPreview as { id: number; refusal: string | null }[];
    expect(
      items
        .filter((i) => !i.refusal)
        .map((i) => i.id)
        .sort(),
    ).toEqual([...ready].sort());
    expect(items.find((i) => i.id === notReady)?.refusal).toMatch(
      /^The property can't be published until every step is complete \(\d+ remaining\)\.$/,
    );
    expect(items.find((i) => i.id === published)?.refusal).toBe("A property that is Published can't be published.");

    const noReason = await gql(STAFF, PROPERTY_DOCS.bulkStatusChange, { action: 'publish', ids: ready, reason: '' });
    expect(noReason.errors?.[0]).toMatchObject({
      message: CHANGE_REASON_TEXTS.required,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await statusOf(ready[0])).status).toBe('ONBOARDING');

    // The server checks each again: one listed as refused is refused again, nothing else changes with it.
    const res = await gql(STAFF, PROPERTY_DOCS.bulkStatusChange, {
      action: 'publish',
      ids: [...ready, notReady],
      reason: 'Contracts signed',
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.bulkStatusChange.done.map((d: { id: number }) => d.id).sort()).toEqual([...ready].sort());
    expect(res.data.bulkStatusChange.refused).toEqual([
      {
        id: notReady,
        name: `${tag} Not ready`,
        status: 'ONBOARDING',
        refusal: expect.stringMatching(/^The property can't be published/),
      },
    ]);
    for (const id of ready) {
      expect((await statusOf(id)).status).toBe('PUBLISHED');
      expect(await lastRecord(id)).toMatchObject({
        action: 'property.publish',
        actor: STAFF,
        after: { status: 'PUBLISHED', reason: 'Contracts signed' },
      });
    }
    expect((await statusOf(notReady)).status).toBe('ONBOARDING');
  });

  it(`refuses a list of more than ${BULK_STATUS_MAX} properties, and refuses anyone but staff`, async () => {
    const tag = unique('Manyton');
    await app.db.query(
      `insert into properties (name, status) select $1 || ' ' || g, 'UNPUBLISHED' from generate_series(1, ${BULK_STATUS_MAX + 1}) g`,
      [tag],
    );
    const many = await gql(STAFF, PROPERTY_DOCS.bulkStatusPreview, { action: 'archive', search: tag });
    expect(many.errors?.[0]).toMatchObject({
      message: STATUS_TEXTS.bulkMax(BULK_STATUS_MAX),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const [{ id }] = await app.db.query<{ id: number }>('select id from properties where name = $1', [`${tag} 1`]);
    const denied = await gql(ADMIN, PROPERTY_DOCS.bulkStatusChange, {
      action: 'archive',
      ids: [id],
      reason: 'Not mine',
    });
    expect(denied.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await statusOf(id)).status).toBe('UNPUBLISHED');
  });
});

describe("staff's finder as CSV (issue 30)", () => {
  it('exports every property the filter holds with the staff columns; anyone else gets a 404', async () => {
    const tag = unique('Csvton');
    for (let i = 0; i < 3; i++) await createProperty(app, { name: `${tag} ${i}`, status: 'ONBOARDING' });
    const cookie = await accessCookie(app, STAFF);
    const res = await fetch(`${app.httpBase}${FINDER_EXPORT_PATH}?q=${encodeURIComponent(tag)}&status=ONBOARDING`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(FINDER_CSV_COLUMNS.map(([h]) => h).join(','));
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
    expect(lines[1]).toMatch(/,Onboarding,.*steps remaining/);
    const denied = await fetch(`${app.httpBase}${FINDER_EXPORT_PATH}?q=${encodeURIComponent(tag)}`, {
      headers: { cookie: await accessCookie(app, ADMIN) },
    });
    expect(denied.status).toBe(404);
    expect((await fetch(`${app.httpBase}${FINDER_EXPORT_PATH}`)).status).toBe(401);
  });
});
