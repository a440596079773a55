import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryToday } from '../support/property-today';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createRatePlan, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { addDays, ratesWindow, RATES_MESSAGES } from '../../resources/rates-inventory/rates-inventory.schema';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';

// Issue 31: one bulk update over several room types (a room type → rate plan tree): one preview
// grouped by room type, one apply, one history record, one undo.
let app: TestApp;
let p: number, other: number;
let deluxe: string, twin: string, suite: string, rtOther: string;
let deluxeOnly: string, shared: string, twinOnly: string;
let editor: string, viewer: string;
const { first: today } = ratesWindow(factoryToday());
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  p = (await createProperty(app)).id;
  other = (await createProperty(app)).id;
  deluxe = await createRoomType(app, p, { name: 'Deluxe King' });
  twin = await createRoomType(app, p, { name: 'Garden Twin' });
  suite = await createRoomType(app, p, { name: 'Family Suite' });
  rtOther = await createRoomType(app, other);
  deluxeOnly = await createRatePlan(app, p, { roomTypeIds: [deluxe], name: 'Deluxe saver' });
  shared = await createRatePlan(app, p, { roomTypeIds: [deluxe, twin], name: 'Best available rate' });
  twinOnly = await createRatePlan(app, p, { roomTypeIds: [twin], name: 'Twin flexible' });
  editor = (await createUser(app, { role: 'property_editor', propertyId: p })).email;
  viewer = (await createUser(app, { role: 'property_viewer', propertyId: p })).email;
});
afterAll(() => app.close());

type Res = { data?: any; errors?: { message: string; path?: string[]; extensions: Record<string, any> }[] };
const call = async (who: string, doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(doc, variables)).body as Res;
const preview = (who: string, input: Record<string, unknown>) =>
  call(who, RATES_DOCS.preview, { input: { propertyId: p, roomTypeId: deluxe, ...input } });
const apply = (who: string, input: Record<string, unknown>) =>
  call(who, RATES_DOCS.apply, { input: { propertyId: p, roomTypeId: deluxe, ...input } });
const calendar = (roomTypeId: string) =>
  call(viewer, RATES_DOCS.calendar, { propertyId: p, roomTypeId, from: today, to: day(70) });
const planOf = (cal: Res, id: string) => cal.data.ratesCalendar.plans.find((x: { id: string }) => x.id === id);
const counts = async () =>
  (
    await app.db.query<{ batches: number; changes: number; history: number }>(
      `select (select count(*)::int from rates_batches where property_id = $1) as batches,
              (select count(*)::int from rates_changes where property_id = $1) as changes,
              (select count(*)::int from audit_log where property_id = $1 and subject_type = 'RatesInventory') as history`,
      [p],
    )
  )[0];

/** Minimum stay 2 over a long weekend (days 30–32), and the rooms closed on its first night, in every room type. */
const longWeekend = () => ({
  ranges: [{ from: day(30), to: day(32) }],
  minStay: 2,
  roomTypes: [
    { roomTypeId: deluxe, ratePlanIds: [deluxeOnly, shared] },
    { roomTypeId: twin, ratePlanIds: [shared, twinOnly] },
    { roomTypeId: suite, ratePlanIds: [] },
  ],
});

describe(`Bulk update over several room types (${testDbKind})`, () => {
  it('previews by room type, applies as one history record over one batch per room type, and undoes them together', async () => {
    const before = await counts();
    const pre = await preview(editor, { ...longWeekend(), roomClosed: true });
    expect(pre.errors).toBeUndefined();
    const preview1 = pre.data.previewRatesBulkUpdate;
    // 3 days × (room closed + 2 plans' minimum stay) in two room types, the room closed alone in the suite.
    expect(preview1.roomTypes).toEqual([
      { roomTypeId: deluxe, roomTypeName: 'Deluxe King', cells: 9, changedDays: 3 },
      { roomTypeId: twin, roomTypeName: 'Garden Twin', cells: 9, changedDays: 3 },
      { roomTypeId: suite, roomTypeName: 'Family Suite', cells: 3, changedDays: 3 },
    ]);
    expect(preview1.cells).toBe(21);
    expect(preview1.days).toBe(3);
    expect(new Set(preview1.sample.map((s: { roomTypeName: string }) => s.roomTypeName))).toEqual(
      new Set(['Deluxe King', 'Garden Twin', 'Family Suite']),
    );
    expect(await counts()).toEqual(before); // a preview changes nothing

    const done = await apply(editor, { ...longWeekend(), roomClosed: true, token: preview1.token });
    expect(done.errors).toBeUndefined();
    expect(done.data.applyRatesBulkUpdate).toMatchObject({ count: 21, roomTypeId: deluxe });
    const after = await counts();
    expect(after.batches - before.batches).toBe(3);
    expect(after.changes - before.changes).toBe(21);
    expect(after.history - before.history).toBe(1);
    const groups = await app.db.query<{ group_id: string | null; room_type_id: string; cell_count: number }>(
      `select group_id::text, room_type_id::text, cell_count from rates_batches
        where property_id = $1 and source = 'bulk' order by room_type_id`,
      [p],
    );
    expect(new Set(groups.map((g) => g.group_id)).size).toBe(1);
    expect(groups[0].group_id).not.toBeNull();
    const [record] = await app.db.query<{ action: string; subject_label: string; after: Record<string, unknown> }>(
      `select action, subject_label, after from audit_log where property_id = $1 and subject_type = 'RatesInventory' order by id desc limit 1`,
      [p],
    );
    expect(record.action).toBe('rates.bulk_update');
    expect(record.subject_label).toMatch(/^Rates: Deluxe King, Garden Twin and Family Suite, /);
    expect(record.after).toMatchObject({ cells: 21, groupId: groups[0].group_id });

    // Every room type's calendar shows it; the shared plan moved in both of its room types.
    const twinCal = await calendar(twin);
    expect(planOf(twinCal, shared).minStay[30]).toBe(2);
    expect(planOf(twinCal, twinOnly).minStay[31]).toBe(2);
    expect(twinCal.data.ratesCalendar.roomClosed[30]).toBe(true);
    expect((await calendar(suite)).data.ratesCalendar.roomClosed[32]).toBe(true);
    expect(planOf(await calendar(deluxe), shared).minStay[32]).toBe(2);

    // Recent updates of the twin name the others; its Undo undoes the whole update.
    const twinBatches = (await call(viewer, RATES_DOCS.batches, { propertyId: p, roomTypeId: twin })).data.ratesBatches;
    expect(twinBatches[0]).toMatchObject({ source: 'bulk', roomTypes: 3, cellCount: 9 });
    const undone = await call(editor, RATES_DOCS.undo, { propertyId: p, roomTypeId: twin, batchId: twinBatches[0].id });
    expect(undone.errors).toBeUndefined();
    expect(undone.data.undoRatesBatch).toMatchObject({ count: 21, roomTypeId: twin });
    expect(planOf(await calendar(deluxe), shared).minStay[30]).toBeNull();
    expect((await calendar(suite)).data.ratesCalendar.roomClosed[32]).toBe(false);
    const end = await counts();
    expect(end.history - after.history).toBe(1);
    const open = await app.db.query<{ n: number }>(
      `select count(*)::int as n from rates_batches where property_id = $1 and source = 'bulk' and undone_by is null`,
      [p],
    );
    expect(open[0].n).toBe(0);
    // Undone once: from any of its room types, a second undo is refused.
    const twice = await call(editor, RATES_DOCS.undo, {
      propertyId: p,
      roomTypeId: deluxe,
      batchId: done.data.applyRatesBulkUpdate.batchId,
    });
    expect(twice.errors?.[0]).toMatchObject({ message: RATES_MESSAGES.undoDone, extensions: { code: 'REFUSED' } });
  });

  it("shows the group's cells of every room type in the trail's one row", async () => {
    const pre = (await preview(editor, { ...longWeekend(), minStay: 3 })).data.previewRatesBulkUpdate;
    const done = await apply(editor, { ...longWeekend(), minStay: 3, token: pre.token });
    const staff = (await createUser(app, { isStaff: true })).email;
    const cells = await call(
      staff,
      'query($propertyId: Int!, $batchId: ID!) { trailBatchCells(propertyId: $propertyId, batchId: $batchId) { ratePlanName date field after } }',
      { propertyId: p, batchId: done.data.applyRatesBulkUpdate.batchId },
    );
    expect(cells.errors).toBeUndefined();
    const names = new Set(cells.data.trailBatchCells.map((c: { ratePlanName: string }) => c.ratePlanName));
    expect(names).toEqual(
      new Set([
        'Deluxe King: Deluxe saver',
        'Deluxe King: Best available rate',
        'Garden Twin: Best available rate',
        'Garden Twin: Twin flexible',
      ]),
    );
    expect(cells.data.trailBatchCells).toHaveLength(12);
  });

  it('writes a batch only for the room types that change: one that does not is neither a batch nor "another room type"', async () => {
    const input = {
      ranges: [{ from: day(70), to: day(71) }],
      stopSell: true,
      roomTypes: [
        { roomTypeId: suite, ratePlanIds: [] },
        { roomTypeId: twin, ratePlanIds: [twinOnly] },
      ],
    };
    const pre = (await preview(editor, input)).data.previewRatesBulkUpdate;
    expect(pre.roomTypes.map((r: { cells: number }) => r.cells)).toEqual([0, 2]);
    const before = await counts();
    const done = await apply(editor, { ...input, token: pre.token });
    expect(done.data.applyRatesBulkUpdate).toMatchObject({ count: 2, roomTypeId: twin });
    const after = await counts();
    expect([after.batches - before.batches, after.history - before.history]).toEqual([1, 1]);
    const twinBatches = (await call(viewer, RATES_DOCS.batches, { propertyId: p, roomTypeId: twin })).data.ratesBatches;
    expect(twinBatches[0]).toMatchObject({ id: done.data.applyRatesBulkUpdate.batchId, roomTypes: 1, cellCount: 2 });
  });

  it('refuses a bad room type list with a clear message and changes nothing', async () => {
    const before = await counts();
    const rooms = (roomTypes: unknown[], more: Record<string, unknown> = {}) =>
      preview(editor, { ranges: [{ from: day(5), to: day(6) }], stopSell: true, roomTypes, ...more });
    // Another tenant's room type reads exactly like a missing one.
    const foreign = await rooms([{ roomTypeId: deluxe, ratePlanIds: [shared] }, { roomTypeId: rtOther }]);
    const missing = await rooms([{ roomTypeId: deluxe, ratePlanIds: [shared] }, { roomTypeId: '999999' }]);
    expect(foreign.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(foreign.errors?.[0].message).toBe(missing.errors?.[0].message);
    // A plan that does not sell the room type is named where it is.
    const notSold = await rooms([
      { roomTypeId: deluxe, ratePlanIds: [shared] },
      { roomTypeId: twin, ratePlanIds: [deluxeOnly] },
    ]);
    expect(notSold.errors?.[0].extensions.fields).toEqual({
      'roomTypes.1.ratePlanIds.0': [RATES_MESSAGES.planNotSold],
    });
    const twice = await rooms([
      { roomTypeId: twin, ratePlanIds: [shared] },
      { roomTypeId: twin, ratePlanIds: [twinOnly] },
    ]);
    expect(twice.errors?.[0].extensions.fields.roomTypes).toEqual([RATES_MESSAGES.roomTypeTwice]);
    const both = await rooms([{ roomTypeId: twin, ratePlanIds: [shared] }], { ratePlanIds: [deluxeOnly] });
    expect(both.errors?.[0].extensions.fields.ratePlanIds).toEqual([RATES_MESSAGES.plansInRoomTypes]);
    const noPlans = await rooms([{ roomTypeId: twin }, { roomTypeId: suite }]);
    expect(noPlans.errors?.[0].extensions.fields.ratePlanIds).toEqual([RATES_MESSAGES.choosePlans]);
    const tooMany = await rooms(Array.from({ length: 51 }, (_, i) => ({ roomTypeId: String(900000 + i) })));
    expect(tooMany.errors?.[0].extensions.fields.roomTypes).toEqual([RATES_MESSAGES.tooManyRoomTypes]);
    // A viewer may not, whatever it lists.
    const refused = await call(viewer, RATES_DOCS.preview, {
      input: {
        propertyId: p,
        roomTypeId: deluxe,
        ranges: [{ from: day(5), to: day(6) }],
        roomClosed: true,
        roomTypes: [{ roomTypeId: twin }],
      },
    });
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(await counts()).toEqual(before);
  });

  it('answers STALE when a cell of any room type changed since the preview, and writes none of them', async () => {
    const input = {
      ...longWeekend(),
      ranges: [{ from: day(50), to: day(51) }],
      closedToDeparture: true,
      minStay: undefined,
    };
    const pre = (await preview(editor, input)).data.previewRatesBulkUpdate;
    // Someone closes the twin's flexible rate to departure on day 51 in the grid meanwhile.
    const grid = await call(editor, RATES_DOCS.saveCells, {
      input: {
        propertyId: p,
        roomTypeId: twin,
        cells: [{ ratePlanId: twinOnly, date: day(51), field: 'closedToDeparture', value: true }],
      },
    });
    expect(grid.errors).toBeUndefined();
    const before = await counts();
    const stale = await apply(editor, { ...input, token: pre.token });
    expect(stale.errors?.[0].extensions.code).toBe('STALE');
    expect(
      stale.errors?.[0].extensions.preview.roomTypes.find((r: { roomTypeId: string }) => r.roomTypeId === twin),
    ).toMatchObject({ cells: 3 });
    expect(await counts()).toEqual(before);
    expect(planOf(await calendar(deluxe), shared).closedToDeparture[50]).toBe(false);
  });

  it('refuses to undo the update when a later change touched a cell in another room type, naming it', async () => {
    const input = { ...longWeekend(), ranges: [{ from: day(60), to: day(60) }], minStay: undefined, stopSell: true };
    const pre = (await preview(editor, input)).data.previewRatesBulkUpdate;
    const done = await apply(editor, { ...input, token: pre.token });
    expect(done.errors).toBeUndefined();
    await call(editor, RATES_DOCS.saveCells, {
      input: {
        propertyId: p,
        roomTypeId: twin,
        cells: [{ ratePlanId: twinOnly, date: day(60), field: 'stopSell', value: false, before: true }],
      },
    });
    const before = await counts();
    const refused = await call(editor, RATES_DOCS.undo, {
      propertyId: p,
      roomTypeId: deluxe,
      batchId: done.data.applyRatesBulkUpdate.batchId,
    });
    expect(refused.errors?.[0]).toMatchObject({ message: RATES_MESSAGES.undoTouched, extensions: { code: 'REFUSED' } });
    expect(refused.errors?.[0].extensions.cells).toEqual([
      { ratePlanId: twinOnly, ratePlanName: 'Twin flexible', date: day(60), field: 'stopSell' },
    ]);
    expect(await counts()).toEqual(before);
    expect(planOf(await calendar(deluxe), shared).stopSell[60]).toBe(true);
  });
});
