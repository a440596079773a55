import { liveClient, sendUntilHeard } from '../support/live-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryToday } from '../support/property-today';
import { dayIn } from '../../resources/property-day';
import { createTestApp, testTransport, type TestApp } from '../support/test-app';
import { apiKeyFor, booking, receipt } from '../support/reservations';
import { accessCookie, asUser } from '../support/as-user';
import { createProperty, createRatePlan, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import {
  addDays,
  addMonths,
  isoDay,
  bulkCellCount,
  MAX_BULK_CELLS,
  PAST_DAYS_SHOWN,
  ratesWindow,
  RATES_MESSAGES,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { BUDGET_MESSAGE, REQUEST_BUDGET } from '../../server/request-budget';

let app: TestApp;
let p: number, other: number, derby: number, off: number;
let rt: string, rt2: string, rtOther: string, rtDerby: string, rtOff: string;
let planA: string, planB: string, planElsewhere: string;
let editor: string, viewer: string, staff: string, derbyAdmin: string;
const { first: today, last } = ratesWindow(factoryToday());
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  p = (await createProperty(app)).id;
  other = (await createProperty(app)).id;
  derby = (await createProperty(app, { inventoryProvider: 'derbysoft' })).id;
  off = (await createProperty(app, { ratesServiceEnabled: false })).id;
  rt = await createRoomType(app, p);
  rt2 = await createRoomType(app, p);
  rtOther = await createRoomType(app, other);
  rtDerby = await createRoomType(app, derby);
  rtOff = await createRoomType(app, off);
  planA = await createRatePlan(app, p, { roomTypeIds: [rt], name: 'Alpha rate' });
  planB = await createRatePlan(app, p, { roomTypeIds: [rt, rt2], name: 'Beta rate' });
  planElsewhere = await createRatePlan(app, p, { roomTypeIds: [rt2] });
  editor = (await createUser(app, { role: 'property_editor', propertyId: p })).email;
  viewer = (await createUser(app, { role: 'property_viewer', propertyId: p })).email;
  staff = (await createUser(app, { isStaff: true })).email;
  derbyAdmin = (await createUser(app, { role: 'property_admin', propertyId: derby })).email;
});
afterAll(() => app.close());

type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const call = async (who: string, doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(doc, variables)).body as Res;
const calendar = (who: string, propertyId = p, roomTypeId = rt, from = today, to = day(30)) =>
  call(who, RATES_DOCS.calendar, { propertyId, roomTypeId, from, to });
const save = (who: string, cells: unknown[], propertyId = p, roomTypeId = rt) =>
  call(who, RATES_DOCS.saveCells, { input: { propertyId, roomTypeId, cells } });
const preview = (who: string, input: Record<string, unknown>) =>
  call(who, RATES_DOCS.preview, { input: { propertyId: p, roomTypeId: rt, ...input } });
const apply = (who: string, input: Record<string, unknown>) =>
  call(who, RATES_DOCS.apply, { input: { propertyId: p, roomTypeId: rt, ...input } });
const undo = (who: string, batchId: string) => call(who, RATES_DOCS.undo, { propertyId: p, roomTypeId: rt, batchId });
const changeCount = async () =>
  Number((await app.db.query<{ n: string }>('select count(*) as n from rates_changes'))[0].n);
const plan = (cal: Res, id: string) => cal.data.ratesCalendar.plans.find((x: { id: string }) => x.id === id);

describe(`Rates and inventory (${testDbKind})`, () => {
  it("lists a room type's rate plans in natural order: 'Rate 2' before 'Rate 10'", async () => {
    const sorted = (await createProperty(app)).id;
    const room = await createRoomType(app, sorted);
    for (const name of ['Rate 10', 'rate 2', 'Rate 1'])
      await createRatePlan(app, sorted, { roomTypeIds: [room], name });
    const cal = await call(staff, RATES_DOCS.calendar, { propertyId: sorted, roomTypeId: room });
    expect(cal.data.ratesCalendar.plans.map((x: { name: string }) => x.name)).toEqual(['Rate 1', 'rate 2', 'Rate 10']);
  });

  it("reads a number of days from the property's own today, or from a day, for the all-room-types view", async () => {
    const ask = (vars: Record<string, unknown>) =>
      call(viewer, RATES_DOCS.calendar, { propertyId: p, roomTypeId: rt, ...vars });
    const week = (await ask({ days: 7 })).data.ratesCalendar;
    expect([week.from, week.to, week.roomsToSell.length]).toEqual([today, day(6), 7]);
    const later = (await ask({ from: day(10), days: 3 })).data.ratesCalendar;
    expect([later.from, later.to]).toEqual([day(10), day(12)]);
    // Near the window's end it stops there.
    const end = (await ask({ from: addDays(last, -1), days: 30 })).data.ratesCalendar;
    expect([end.from, end.to]).toEqual([addDays(last, -1), last]);
    // A day before today (an old address) or past the window reads from today, as the view shows it.
    for (const from of [addDays(today, -3), addDays(last, 5)]) {
      const clamped = (await ask({ from, days: 7 })).data.ratesCalendar;
      expect([clamped.from, clamped.to]).toEqual([today, day(6)]);
    }
    for (const days of [0, 63, -1]) {
      const bad = await ask({ days });
      expect(bad.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: { days: [RATES_MESSAGES.spanDays] },
      });
    }
  });

  it("counts the editable days from the property's own today: its zone's, else its country's", async () => {
    const honolulu = (await createProperty(app)).id;
    await app.db.query(
      `insert into property_details (property_id, sections) values ($1, '{"location": {"timezone": "Pacific/Honolulu"}}')`,
      [honolulu],
    );
    const rtH = await createRoomType(app, honolulu);
    const admin = (await createUser(app, { role: 'property_admin', propertyId: honolulu })).email;
    for (const [propertyId, roomTypeId, who, zone] of [
      [p, rt, editor, 'Australia/Sydney'],
      [honolulu, rtH, admin, 'Pacific/Honolulu'],
    ] as const) {
      const localToday = dayIn(zone);
      const cal = await call(who, RATES_DOCS.calendar, { propertyId, roomTypeId });
      expect(cal.data.ratesCalendar.firstEditable, zone).toBe(localToday);
      expect(cal.data.ratesCalendar.from, zone).toBe(addDays(localToday, -PAST_DAYS_SHOWN));
      const onToday = await save(
        who,
        [{ ratePlanId: null, date: localToday, field: 'roomsToSell', value: 2 }],
        propertyId,
        roomTypeId,
      );
      expect(onToday.errors, zone).toBeUndefined();
      const yesterday = addDays(localToday, -1);
      if (yesterday < addDays(isoDay(new Date()), -1)) continue; // the input's own check refuses it first
      const past = await save(
        who,
        [{ ratePlanId: null, date: yesterday, field: 'roomsToSell', value: 2 }],
        propertyId,
        roomTypeId,
      );
      expect(past.errors?.[0].extensions.fields, zone).toEqual({ 'cells.0.date': [RATES_MESSAGES.dateWindow] });
    }
  });

  it('answers a malformed id or date as bad input naming the field, before any query, and logs no error', async () => {
    const before = app.logs.length;
    const history = (args: Record<string, unknown>) =>
      call(viewer, RATES_DOCS.history, { propertyId: p, roomTypeId: rt, date: day(1), ...args });
    const cases: [Promise<Res>, string][] = [
      [history({ ratePlanId: 'abc' }), 'ratePlanId'],
      [history({ ratePlanId: '1'.repeat(1_000_000) }), 'ratePlanId'],
      [history({ ratePlanId: '99999999999999999999' }), 'ratePlanId'],
      [history({ date: '2027-02-30' }), 'date'],
      [history({ date: 'x'.repeat(100_000) }), 'date'],
      [history({ ratePlanId: planA, field: 'price' }), 'field'],
      [history({ roomTypeId: 'abc' }), 'roomTypeId'],
      [call(viewer, RATES_DOCS.calendar, { propertyId: p, roomTypeId: rt, from: '2026-13-01', to: day(5) }), 'from'],
      [call(viewer, RATES_DOCS.calendar, { propertyId: p, roomTypeId: rt, from: today, to: '2027-02-30' }), 'to'],
      [call(viewer, RATES_DOCS.calendar, { propertyId: p, roomTypeId: '-1', from: today, to: day(5) }), 'roomTypeId'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.errors?.[0], field).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', fields: { [field]: [expect.any(String)] } },
      });
      expect(res.errors?.[0].message, field).toContain(field);
    }
    // A month that does not exist, in a save and a bulk preview (zod's date check threw on it).
    const badSave = await save(editor, [{ ratePlanId: null, date: '2026-13-01', field: 'roomsToSell', value: 3 }]);
    expect(badSave.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const badPreview = await preview(editor, { ranges: [{ from: '2026-13-01', to: day(3) }], roomsToSell: 2 });
    expect(badPreview.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(app.logs.slice(before))).not.toContain('Unexpected error');
    expect(app.logs.slice(before).filter((l) => l.level === 50 || l.level === 'error')).toEqual([]);
    // A well-formed id that names nothing stays NOT_FOUND, like another tenant's.
    const missing = await call(viewer, RATES_DOCS.calendar, {
      propertyId: p,
      roomTypeId: '99999999',
      from: today,
      to: day(5),
    });
    expect(missing.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });

  it('saves grid cells in one batch, keeps each change with who and before/after, and the calendar reads them back', async () => {
    const res = await save(editor, [
      { ratePlanId: null, date: day(1), field: 'roomsToSell', value: 7 },
      { ratePlanId: planA, date: day(1), field: 'rate', value: '129.5' },
      { ratePlanId: planA, date: day(2), field: 'stopSell', value: true },
      { ratePlanId: planB, date: day(2), field: 'minStay', value: 2 },
    ]);
    expect(res.errors).toBeUndefined();
    expect(res.data.saveRatesCells.count).toBe(4);
    const cal = await calendar(viewer);
    expect(cal.data.ratesCalendar.roomsToSell[1]).toBe(7);
    expect(plan(cal, planA).rate[1]).toBe('129.50');
    expect(plan(cal, planA).stopSell.slice(0, 3)).toEqual([false, false, true]);
    expect(plan(cal, planB).minStay[2]).toBe(2);
    expect(cal.data.ratesCalendar.plans.map((x: { id: string }) => x.id).sort()).toEqual([planA, planB].sort());
    const history = await call(viewer, RATES_DOCS.history, {
      propertyId: p,
      roomTypeId: rt,
      ratePlanId: planA,
      date: day(1),
      field: 'rate',
    });
    expect(history.data.ratesCellHistory).toEqual([
      expect.objectContaining({ before: null, after: '129.50', source: 'grid', userName: 'Fay Factory' }),
    ]);
    const [audit] = await app.db.query<{ action: string }>(
      "select action from audit_log where action = 'rates.save' and property_id = $1",
      [p],
    );
    expect(audit.action).toBe('rates.save');
  });

  it('closes a room type for a day without touching its rooms to sell: in the calendar, the history, a conflict and the undo', async () => {
    const first = await save(editor, [{ ratePlanId: null, date: day(40), field: 'roomsToSell', value: 6 }]);
    expect(first.errors).toBeUndefined();
    const closed = await save(editor, [
      { ratePlanId: null, date: day(40), field: 'roomClosed', value: true, before: false },
      { ratePlanId: null, date: day(41), field: 'roomClosed', value: true },
    ]);
    expect(closed.errors).toBeUndefined();
    expect(closed.data.saveRatesCells.count).toBe(2);
    const cal = await calendar(viewer, p, rt, day(39), day(42));
    expect(cal.data.ratesCalendar.roomClosed).toEqual([false, true, true, false]);
    expect(cal.data.ratesCalendar.roomsToSell).toEqual([null, 6, null, null]);
    const rows = await app.db.query<{ rooms_to_sell: number | null; room_closed: boolean }>(
      'select rooms_to_sell, room_closed from room_inventory where property_id = $1 and room_type_id = $2 and day = $3',
      [p, rt, day(40)],
    );
    expect(rows).toEqual([{ rooms_to_sell: 6, room_closed: true }]);
    const history = await call(viewer, RATES_DOCS.history, {
      propertyId: p,
      roomTypeId: rt,
      date: day(40),
      field: 'roomClosed',
    });
    expect(history.data.ratesCellHistory).toEqual([
      expect.objectContaining({ field: 'roomClosed', before: 'false', after: 'true', source: 'grid' }),
    ]);
    // Recent updates say it in words.
    const batches = await call(viewer, RATES_DOCS.batches, { propertyId: p, roomTypeId: rt });
    expect(batches.data.ratesBatches[0].changes).toEqual([
      expect.objectContaining({ field: 'roomClosed', days: 2, plans: 0, uniform: true, after: 'true' }),
    ]);
    // An editor who still saw it open is told, naming the cell, and nothing is written.
    const stale = await save(editor, [
      { ratePlanId: null, date: day(40), field: 'roomClosed', value: false, before: false },
    ]);
    expect(stale.errors?.[0].extensions).toMatchObject({
      code: 'STALE',
      cells: [
        expect.objectContaining({
          ratePlanId: null,
          ratePlanName: 'Room closed',
          field: 'roomClosed',
          current: 'true',
        }),
      ],
    });
    // A plan id on a room-level field is not a room-level close.
    const bad = await save(editor, [{ ratePlanId: planA, date: day(40), field: 'roomClosed', value: false }]);
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const undone = await undo(editor, closed.data.saveRatesCells.batchId);
    expect(undone.errors).toBeUndefined();
    const after = await calendar(viewer, p, rt, day(39), day(42));
    expect(after.data.ratesCalendar.roomClosed).toEqual([false, false, false, false]);
    expect(after.data.ratesCalendar.roomsToSell[1]).toBe(6);
    // A viewer may not close a room.
    const refused = await save(viewer, [{ ratePlanId: null, date: day(43), field: 'roomClosed', value: true }]);
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const none = await app.db.query(
      'select 1 from room_inventory where property_id = $1 and room_type_id = $2 and day = $3',
      [p, rt, day(43)],
    );
    expect(none).toEqual([]);
  });

  it('closes and opens rooms in a bulk update, previewed and undone like any field', async () => {
    const input = { ranges: [{ from: day(50), to: day(53) }], weekdays: [1, 2, 3, 4, 5, 6, 7], roomClosed: true };
    const pre = await preview(editor, input);
    expect(pre.errors).toBeUndefined();
    expect(pre.data.previewRatesBulkUpdate).toMatchObject({ days: 4, cells: 4 });
    expect(pre.data.previewRatesBulkUpdate.sample[0]).toMatchObject({
      ratePlanId: null,
      ratePlanName: 'Room closed',
      field: 'roomClosed',
      before: 'false',
      after: 'true',
    });
    const done = await apply(editor, { ...input, token: pre.data.previewRatesBulkUpdate.token });
    expect(done.data.applyRatesBulkUpdate.count).toBe(4);
    expect((await calendar(viewer, p, rt, day(50), day(54))).data.ratesCalendar.roomClosed).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    await undo(editor, done.data.applyRatesBulkUpdate.batchId);
    expect((await calendar(viewer, p, rt, day(50), day(53))).data.ratesCalendar.roomClosed).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses each bad input with a field message and changes nothing', async () => {
    const before = await changeCount();
    const cases: [unknown, string, string][] = [
      [{ ratePlanId: planA, date: day(3), field: 'rate', value: '-5' }, 'cells.0.value', RATES_MESSAGES.rateNegative],
      [{ ratePlanId: planA, date: day(3), field: 'rate', value: 'abc' }, 'cells.0.value', RATES_MESSAGES.rateNotNumber],
      [
        { ratePlanId: planA, date: day(3), field: 'rate', value: '1000000.01' },
        'cells.0.value',
        RATES_MESSAGES.rateTooHigh,
      ],
      [{ ratePlanId: null, date: day(3), field: 'roomsToSell', value: -1 }, 'cells.0.value', RATES_MESSAGES.rooms],
      [{ ratePlanId: null, date: day(3), field: 'roomsToSell', value: 10000 }, 'cells.0.value', RATES_MESSAGES.rooms],
      [{ ratePlanId: planA, date: day(-1), field: 'stopSell', value: true }, 'cells.0.date', RATES_MESSAGES.dateWindow],
      [
        { ratePlanId: planA, date: addDays(last, 1), field: 'stopSell', value: true },
        'cells.0.date',
        RATES_MESSAGES.dateWindow,
      ],
      [
        { ratePlanId: planElsewhere, date: day(3), field: 'stopSell', value: true },
        'cells.0.ratePlanId',
        RATES_MESSAGES.planNotSold,
      ],
    ];
    for (const [cell, field, message] of cases) {
      const res = await save(editor, [cell]);
      expect(res.errors?.[0].extensions, JSON.stringify(cell)).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: { [field]: [message] },
      });
      expect(res.errors?.[0].message).toBe("Couldn't save changes.");
    }
    const minMax = await save(editor, [
      { ratePlanId: planA, date: day(3), field: 'maxStay', value: 3 },
      { ratePlanId: planA, date: day(3), field: 'minStay', value: 5 },
    ]);
    expect(minMax.errors?.[0].extensions.fields.minStay[0]).toContain(RATES_MESSAGES.minAboveMax);
    const bulkMinMax = await preview(editor, {
      ranges: [{ from: day(1), to: day(5) }],
      ratePlanIds: [planA],
      minStay: 5,
      maxStay: 3,
    });
    expect(bulkMinMax.errors?.[0].extensions.fields).toEqual({ minStay: [RATES_MESSAGES.minAboveMax] });
    const tooLong = await preview(editor, {
      ranges: [
        { from: today, to: addMonths(today, 18) },
        { from: day(1), to: addDays(last, 2) },
      ],
      roomsToSell: 3,
    });
    expect(tooLong.errors?.[0].extensions.fields).toEqual({
      'ranges.1.to': [RATES_MESSAGES.dateWindow, RATES_MESSAGES.rangeTooLong],
    });
    const notSold = await preview(editor, {
      ranges: [{ from: day(1), to: day(2) }],
      ratePlanIds: [planElsewhere],
      stopSell: true,
    });
    expect(notSold.errors?.[0].extensions.fields).toEqual({ 'ratePlanIds.0': [RATES_MESSAGES.planNotSold] });
    const badRate = await preview(editor, {
      ranges: [{ from: day(1), to: day(2) }],
      ratePlanIds: [planA],
      rate: { mode: 'set', value: '-1' },
    });
    expect(badRate.errors?.[0].extensions.fields).toEqual({ 'rate.value': [RATES_MESSAGES.rateNegative] });
    expect(await changeCount()).toBe(before);
  });

  it('counts rooms booked each night from the reservations: modifications move them, cancellations and other room types do not count', async () => {
    const key = await apiKeyFor(app, p);
    const scope = { propertyId: p, roomTypeId: rt, ratePlanId: planA, currency: 'AUD' };
    const first = booking(scope, { checkIn: day(201), checkOut: day(203) });
    const second = booking(scope, { checkIn: day(202), checkOut: day(204) });
    await receipt(app, key, first);
    await receipt(app, key, second);
    // Another room type's booking is not this calendar's.
    await receipt(
      app,
      key,
      booking({ ...scope, roomTypeId: rt2, ratePlanId: planB }, { checkIn: day(202), checkOut: day(203) }),
    );
    // Nights 200 to 207.
    const booked = async () => (await calendar(viewer, p, rt, day(200), day(207))).data.ratesCalendar.booked;
    expect(await booked()).toEqual([0, 1, 2, 1, 0, 0, 0, 0]);
    await receipt(app, key, { ...second, action: 'modify', checkIn: day(206), checkOut: day(207) });
    expect(await booked()).toEqual([0, 1, 1, 0, 0, 0, 1, 0]);
    await receipt(app, key, { action: 'cancel', propertyId: p, bookingRef: first.bookingRef });
    expect(await booked()).toEqual([0, 0, 0, 0, 0, 0, 1, 0]);
  });

  it('previews a bulk update (counts, sample, warnings), applies it in one batch, and undoes it as one step', async () => {
    const input = {
      ranges: [{ from: day(7), to: day(20) }],
      weekdays: [1, 2, 3, 4, 5],
      ratePlanIds: [planA, planB],
      rate: { mode: 'set', value: '200' },
      closedToArrival: true,
    };
    const pre = await preview(editor, input);
    expect(pre.errors).toBeUndefined();
    const { days, cells, sample, blocking, token } = pre.data.previewRatesBulkUpdate;
    expect(days).toBe(10);
    expect(cells).toBe(40);
    expect(blocking).toEqual([]);
    expect(sample[0]).toMatchObject({ before: null, after: '200.00', field: 'rate' });
    const done = await apply(editor, { ...input, token });
    expect(done.errors).toBeUndefined();
    expect(done.data.applyRatesBulkUpdate.count).toBe(40);
    let cal = await calendar(viewer);
    const weekdayIndex = [...Array(14).keys()]
      .map((i) => 7 + i)
      .find((i) => new Date(`${day(i)}T00:00:00Z`).getUTCDay() === 3)!;
    expect(plan(cal, planB).rate[weekdayIndex]).toBe('200.00');
    expect(plan(cal, planB).closedToArrival[weekdayIndex]).toBe(true);
    // Recent updates say what changed: per field, the days, the plans and the one new value.
    const batches = await call(viewer, RATES_DOCS.batches, { propertyId: p, roomTypeId: rt });
    const batch = batches.data.ratesBatches.find(
      (b: { id: string }) => b.id === done.data.applyRatesBulkUpdate.batchId,
    );
    const weekdays = [...Array(14).keys()]
      .map((i) => day(7 + i))
      .filter((d) => {
        const w = new Date(`${d}T00:00:00Z`).getUTCDay();
        return w >= 1 && w <= 5;
      });
    expect(batch.changes).toEqual(
      ['closedToArrival', 'rate'].map((field) => ({
        field,
        days: 10,
        firstDay: weekdays[0],
        lastDay: weekdays.at(-1),
        plans: 2,
        planName: null,
        uniform: true,
        after: field === 'rate' ? '200.00' : 'true',
      })),
    );
    const again = await undo(editor, done.data.applyRatesBulkUpdate.batchId);
    expect(again.errors).toBeUndefined();
    cal = await calendar(viewer);
    expect(plan(cal, planB).rate[weekdayIndex]).toBeNull();
    expect(plan(cal, planB).closedToArrival[weekdayIndex]).toBe(false);
    const twice = await undo(editor, done.data.applyRatesBulkUpdate.batchId);
    expect(twice.errors?.[0]).toMatchObject({ message: RATES_MESSAGES.undoDone, extensions: { code: 'REFUSED' } });
  });

  it('plans a rate plan listed many times once: the same cells, counted once, and one change each', async () => {
    const input = { ranges: [{ from: day(90), to: day(92) }], ratePlanIds: [planA], closedToDeparture: true };
    const once = (await preview(editor, input)).data.previewRatesBulkUpdate;
    const repeated = await preview(editor, { ...input, ratePlanIds: Array(100).fill(planA) });
    expect(repeated.errors).toBeUndefined();
    expect(repeated.data.previewRatesBulkUpdate).toMatchObject({ cells: once.cells, token: once.token });
    expect(once.cells).toBe(3);
    const before = await changeCount();
    const applied = await apply(editor, { ...input, ratePlanIds: Array(100).fill(planA), token: once.token });
    expect(applied.data.applyRatesBulkUpdate.count).toBe(3);
    expect(await changeCount()).toBe(before + 3);
  });

  it('refuses input its GraphQL type does not take, with the field named, and changes nothing', async () => {
    const before = await changeCount();
    const cases: [unknown[], string, RegExp][] = [
      [[{ ratePlanId: planA, date: day(3), field: 'price', value: '5' }], 'cells.0.field', /RatesCellField/],
      [[{ ratePlanId: planA, date: day(3), field: 'rate', value: { amount: 5 } }], 'cells.0.value', /cell value/],
      [[{ ratePlanId: planA, field: 'rate', value: '5' }], 'cells.0.date', /required/],
      [[{ ratePlanId: planA, date: day(3), field: 'rate', value: '5', colour: 'red' }], 'cells.0', /colour/],
    ];
    for (const [cells, field, message] of cases) {
      const res = await save(editor, cells);
      expect(res.errors?.[0], JSON.stringify(cells)).toMatchObject({
        message: expect.stringMatching(message),
        extensions: { code: 'BAD_USER_INPUT', fields: { [field]: [expect.stringMatching(message)] } },
      });
    }
    const bulk = await preview(editor, { ranges: [{ from: day(1), to: day(2) }], weekdays: ['Mon'], roomsToSell: 1 });
    expect(Object.keys(bulk.errors?.[0].extensions.fields ?? {})).toEqual([expect.stringMatching(/^weekdays/)]);
    expect(await changeCount()).toBe(before);
  });

  it('refuses a bulk update past the cell cap before any work, and takes the largest real one', async () => {
    const everything = {
      ranges: [{ from: today, to: addMonths(today, 18) }],
      rate: { mode: 'percent', value: '5' },
      stopSell: false,
      closedToArrival: false,
      closedToDeparture: false,
      minStay: 1,
      maxStay: 30,
    };
    const manyPlans = Array.from({ length: 100 }, (_, i) => String(900_000 + i));
    const cells = bulkCellCount({ ...everything, weekdays: [1, 2, 3, 4, 5, 6, 7], ratePlanIds: manyPlans });
    expect(cells).toBeGreaterThan(MAX_BULK_CELLS);
    const before = await changeCount();
    for (const send of [preview, apply]) {
      const res = await send(editor, { ...everything, ratePlanIds: manyPlans, token: 'x' });
      expect(res.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', fields: { changes: [RATES_MESSAGES.tooManyCells(cells)] } },
      });
    }
    expect(await changeCount()).toBe(before);
    // 18 months of every field of 30 plans is within the cap.
    expect(
      bulkCellCount({ ...everything, weekdays: [1, 2, 3, 4, 5, 6, 7], ratePlanIds: manyPlans.slice(0, 30) }),
    ).toBeLessThanOrEqual(MAX_BULK_CELLS);
    const real = await preview(editor, { ...everything, ratePlanIds: [planA, planB] });
    expect(real.errors).toBeUndefined();
  });

  it('weighs calendars and previews across a batch: 75 full ones in one request are refused, a few are answered', async () => {
    const cookie = await accessCookie(app, editor);
    const batch = async (query: string, variables: Record<string, unknown>) => {
      const res = await app.postGraphql({
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(Array.from({ length: 5 }, () => ({ query, variables }))),
      });
      return (await res.json()) as Res[];
    };
    const calendars = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `c${i}: ratesCalendar(propertyId: $p, roomTypeId: $rt) { roomsToSell plans { rate } }`,
      ).join(' ');
    // 75 full calendars (5 operations × 15 aliases): refused, every operation.
    const read = await batch(`query Many($p: Int!, $rt: ID!) { ${calendars(15)} }`, { p, rt });
    expect(read.map((r) => r.errors?.[0]?.extensions.code)).toEqual(Array(5).fill('TOO_COSTLY'));
    expect(read[0].errors?.[0].message).toBe(BUDGET_MESSAGE);
    // A few (10) in one request are answered.
    const few = await batch(`query Few($p: Int!, $rt: ID!) { ${calendars(2)} }`, { p, rt });
    expect(few.map((r) => r.errors)).toEqual(Array(5).fill(undefined));
    // Previews: what one request may plan is two full-horizon previews' worth of cells.
    const full = {
      ranges: [{ from: today, to: addMonths(today, 18) }],
      ratePlanIds: [planA, planB],
      roomsToSell: 5,
      rate: { mode: 'set', value: '100' },
      stopSell: false,
      closedToArrival: false,
      closedToDeparture: false,
      minStay: 1,
      maxStay: 30,
    };
    const cells = bulkCellCount({ ...full, weekdays: [1, 2, 3, 4, 5, 6, 7] });
    const previews = (n: number) =>
      Array.from({ length: n }, (_, i) => `p${i}: previewRatesBulkUpdate(input: $input) { cells }`).join(' ');
    const input = { input: { propertyId: p, roomTypeId: rt, ...full } };
    // 75 full-horizon previews: refused in every operation (the operations of a batch share the budget).
    const planned = await batch(`mutation Many($input: RatesBulkUpdateInput!) { ${previews(15)} }`, input);
    expect(planned.map((r) => r.errors?.[0]?.extensions.code)).toEqual(Array(5).fill('TOO_COSTLY'));
    // As many as the budget holds, in one request, are answered.
    const fit = Math.floor(REQUEST_BUDGET.plan / cells / 5);
    expect(fit).toBeGreaterThanOrEqual(2);
    const planable = await batch(`mutation Fit($input: RatesBulkUpdateInput!) { ${previews(fit)} }`, input);
    expect(planable.map((r) => r.errors)).toEqual(Array(5).fill(undefined));
    // Each request has its own budget: the next one is answered.
    expect((await calendar(viewer)).errors).toBeUndefined();
  });

  it('changes rates by a percentage or an amount in exact cents, and blocks a rate at or below 0', async () => {
    await save(editor, [{ ratePlanId: planA, date: day(40), field: 'rate', value: '99.99' }]);
    const pct = await preview(editor, {
      ranges: [{ from: day(40), to: day(40) }],
      ratePlanIds: [planA],
      rate: { mode: 'percent', value: '10' },
    });
    expect(pct.data.previewRatesBulkUpdate.sample[0]).toMatchObject({ before: '99.99', after: '109.99' });
    const cut = await preview(editor, {
      ranges: [{ from: day(40), to: day(40) }],
      ratePlanIds: [planA],
      rate: { mode: 'amount', value: '-99.99' },
    });
    expect(cut.data.previewRatesBulkUpdate.blocking).toEqual([RATES_MESSAGES.rateAtOrBelowZero]);
    const refused = await apply(editor, {
      ranges: [{ from: day(40), to: day(40) }],
      ratePlanIds: [planA],
      rate: { mode: 'amount', value: '-99.99' },
      token: cut.data.previewRatesBulkUpdate.token,
    });
    expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers STALE when the cells changed since the preview, and overwrites nothing', async () => {
    const input = { ranges: [{ from: day(50), to: day(55) }], roomsToSell: 9 };
    const { token } = (await preview(editor, input)).data.previewRatesBulkUpdate;
    await save(staff, [{ ratePlanId: null, date: day(52), field: 'roomsToSell', value: 4 }]);
    const res = await apply(editor, { ...input, token });
    expect(res.errors?.[0]).toMatchObject({ message: RATES_MESSAGES.conflict, extensions: { code: 'STALE' } });
    const cal = await calendar(viewer, p, rt, day(50), day(55));
    expect(cal.data.ratesCalendar.roomsToSell).toEqual([null, null, 4, null, null, null]);
  });

  it('refuses to undo a bulk update where a later change touched its cells, naming them', async () => {
    const input = { ranges: [{ from: day(60), to: day(62) }], ratePlanIds: [planA], stopSell: true };
    const { token } = (await preview(editor, input)).data.previewRatesBulkUpdate;
    const { batchId } = (await apply(editor, { ...input, token })).data.applyRatesBulkUpdate;
    await save(editor, [{ ratePlanId: planA, date: day(61), field: 'stopSell', value: false }]);
    const res = await undo(editor, batchId);
    expect(res.errors?.[0]).toMatchObject({
      message: RATES_MESSAGES.undoTouched,
      extensions: {
        code: 'REFUSED',
        cells: [{ ratePlanId: planA, ratePlanName: 'Alpha rate', date: day(61), field: 'stopSell' }],
      },
    });
    const cal = await calendar(viewer, p, rt, day(60), day(62));
    expect(plan(cal, planA).stopSell).toEqual([true, false, true]);
  });

  it('lets viewers read but not edit; editing needs the rates service on and provider extranet, for staff too', async () => {
    const cell = { ratePlanId: null, date: day(1), field: 'roomsToSell', value: 3 };
    expect((await calendar(viewer)).data.ratesCalendar.canEdit).toBe(false);
    expect((await calendar(editor)).data.ratesCalendar.canEdit).toBe(true);
    expect((await save(viewer, [cell])).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await calendar(derbyAdmin, derby, rtDerby)).data.ratesCalendar.canEdit).toBe(false);
    expect((await save(derbyAdmin, [cell], derby, rtDerby)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await save(staff, [cell], derby, rtDerby)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await save(staff, [cell], off, rtOff)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await save(staff, [cell], p, rt)).errors).toBeUndefined();
  });

  it("answers another tenant's room type exactly like a missing one", async () => {
    const foreignProperty = await calendar(editor, other, rtOther);
    const missingProperty = await calendar(editor, 999999, rtOther);
    expect(foreignProperty.errors?.[0]).toEqual(missingProperty.errors?.[0]);
    expect(foreignProperty.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const foreignRoom = await save(
      editor,
      [{ ratePlanId: null, date: day(1), field: 'roomsToSell', value: 3 }],
      p,
      rtOther,
    );
    const missingRoom = await save(
      editor,
      [{ ratePlanId: null, date: day(1), field: 'roomsToSell', value: 3 }],
      p,
      '99999999',
    );
    expect(foreignRoom.errors?.[0]).toMatchObject({
      message: RATES_MESSAGES.roomTypeNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(foreignRoom.errors?.[0]).toEqual(missingRoom.errors?.[0]);
  });

  it('refuses a grid save over a cell someone else changed since the editor saw it, naming it, and writes none of the batch', async () => {
    await save(editor, [{ ratePlanId: planA, date: day(70), field: 'rate', value: '120' }]);
    // Another user changes the rate after the editor loaded the calendar.
    await save(staff, [{ ratePlanId: planA, date: day(70), field: 'rate', value: '135', before: '120.00' }]);
    const changesBefore = await changeCount();
    const stale = await save(editor, [
      { ratePlanId: null, date: day(70), field: 'roomsToSell', value: 5, before: null },
      { ratePlanId: planA, date: day(70), field: 'rate', value: '110', before: '120.00' },
    ]);
    expect(stale.errors?.[0]).toMatchObject({
      message: RATES_MESSAGES.staleCells,
      extensions: {
        code: 'STALE',
        cells: [
          {
            ratePlanId: planA,
            ratePlanName: 'Alpha rate',
            date: day(70),
            field: 'rate',
            current: '135.00',
            changedBy: 'Fay Factory',
          },
        ],
      },
    });
    expect(await changeCount()).toBe(changesBefore);
    let cal = await calendar(viewer, p, rt, day(70), day(70));
    expect(cal.data.ratesCalendar.roomsToSell).toEqual([null]);
    expect(plan(cal, planA).rate).toEqual(['135.00']);
    // Saved again against what is there now, it goes through; a flag's unseen default is 'false'.
    const again = await save(editor, [
      { ratePlanId: null, date: day(70), field: 'roomsToSell', value: 5, before: null },
      { ratePlanId: planA, date: day(70), field: 'rate', value: '110', before: '135' },
      { ratePlanId: planA, date: day(70), field: 'closedToArrival', value: true, before: false },
    ]);
    expect(again.errors).toBeUndefined();
    expect(again.data.saveRatesCells.count).toBe(3);
    cal = await calendar(viewer, p, rt, day(70), day(70));
    expect(plan(cal, planA).rate).toEqual(['110.00']);
    const badBefore = await save(editor, [
      { ratePlanId: null, date: day(71), field: 'roomsToSell', value: 5, before: 'lots' },
    ]);
    expect(badBefore.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('reads the last two weeks read-only by default and refuses to change a past day', async () => {
    const res = await call(viewer, RATES_DOCS.calendar, { propertyId: p, roomTypeId: rt });
    const cal = res.data.ratesCalendar;
    expect(cal.from).toBe(addDays(today, -PAST_DAYS_SHOWN));
    expect(cal.firstEditable).toBe(today);
    expect(cal.to).toBe(last);
    expect(cal.roomsToSell).toHaveLength(PAST_DAYS_SHOWN + 1 + (Date.parse(last) - Date.parse(today)) / 86_400_000);
    const tooEarly = await calendar(viewer, p, rt, addDays(today, -PAST_DAYS_SHOWN - 1), today);
    expect(tooEarly.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const past = await save(editor, [{ ratePlanId: null, date: day(-1), field: 'roomsToSell', value: 3 }]);
    expect(past.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(JSON.stringify(past.errors?.[0].extensions)).toContain(RATES_MESSAGES.dateWindow);
  });

  it.skipIf(testTransport === 'yoga')(
    'tells a subscriber of the calendar about each saved batch live, and refuses one who may not read it',
    async () => {
      const connect = async (email: string) => liveClient(app.httpBase!, cookies.get(email)!);
      const cookies = new Map([
        [viewer, await accessCookie(app, viewer)],
        [derbyAdmin, await accessCookie(app, derbyAdmin)],
      ]);
      const watcher = await connect(viewer);
      const events: any[] = [];
      watcher.subscribe(
        { query: RATES_DOCS.changed, variables: { propertyId: p, roomTypeId: rt } },
        { next: (v) => events.push(v), error: (e) => events.push({ error: e }), complete: () => undefined },
      );
      // The server registers the subscription after authorizing it; save until the first event arrives (a few tries at most).
      const batches: string[] = [];
      await sendUntilHeard(events, async () => {
        const saved = await save(editor, [
          { ratePlanId: null, date: day(80), field: 'roomsToSell', value: 60 + batches.length },
        ]);
        batches.push(saved.data.saveRatesCells.batchId);
      });
      expect(events[0]).toEqual({
        data: {
          ratesChanged: { propertyId: p, roomTypeId: rt, batchId: expect.any(String), source: 'grid', count: 1 },
        },
      });
      expect(batches).toContain(events[0].data.ratesChanged.batchId);
      // A save on another room type is not sent to this calendar.
      const seen = events.length;
      await save(editor, [{ ratePlanId: null, date: day(80), field: 'roomsToSell', value: 2 }], p, rt2);
      await new Promise((r) => setTimeout(r, 200));
      expect(events).toHaveLength(seen);
      await watcher.dispose();
      const stranger = await connect(derbyAdmin);
      const refused = await new Promise<unknown>((resolve) => {
        stranger.subscribe(
          { query: RATES_DOCS.changed, variables: { propertyId: p, roomTypeId: rt } },
          { next: (v) => resolve(v), error: (e) => resolve(e), complete: () => resolve('complete') },
        );
      });
      expect(JSON.stringify(refused)).toContain('NOT_FOUND');
      await stranger.dispose();
    },
  );
  it('asks for confirmation before rooms to sell go below the rooms already booked on some days', async () => {
    await app.db.query(
      `insert into reservations (property_id, hotel_ref, booking_ref, state, guest_name, adults, room_type_id, room_type_name,
         rate_plan_id, rate_plan_name, check_in, check_out, nights, total, currency, payment_method, booked_at, payload_hash)
       values ($1, 'HXBOOK01', 'RATES-1', 'reserved', 'Guest', 2, $2, 'Room', $3, 'Alpha rate', $4, $5, 2, 200, 'AUD', 'invoice', now(), 'x')`,
      [p, rt, planA, day(40), day(42)],
    );
    const range = { ranges: [{ from: day(40), to: day(41) }], weekdays: [1, 2, 3, 4, 5, 6, 7], ratePlanIds: [] };
    const below = await preview(editor, { ...range, roomsToSell: 0 });
    expect(below.data.previewRatesBulkUpdate.confirm).toContain(RATES_MESSAGES.roomsBelowBooked);
    const enough = await preview(editor, { ...range, roomsToSell: 1 });
    expect(enough.data.previewRatesBulkUpdate.confirm).not.toContain(RATES_MESSAGES.roomsBelowBooked);
  });
  it('keeps a change only as long as its batch: deleting a batch, or the property, takes its changes along', async () => {
    const gone = (await createProperty(app)).id;
    const room = await createRoomType(app, gone);
    const admin = (await createUser(app, { role: 'property_admin', propertyId: gone })).email;
    const cells = [1, 2, 3].map((n) => ({ ratePlanId: null, date: day(n), field: 'roomsToSell', value: n }));
    expect((await save(admin, cells, gone, room)).data.saveRatesCells.count).toBe(3);
    expect(
      (
        await save(
          admin,
          cells.map((c) => ({ ...c, value: 9 })),
          gone,
          room,
        )
      ).data.saveRatesCells.count,
    ).toBe(3);
    const count = async () =>
      Number(
        (await app.db.query<{ n: string }>('select count(*) as n from rates_changes where property_id = $1', [gone]))[0]
          .n,
      );
    expect(await count()).toBe(6);
    await app.db.query(
      'delete from rates_batches where property_id = $1 and id = (select min(id::text)::uuid from rates_batches where property_id = $1)',
      [gone],
    );
    expect(await count()).toBe(3);
    const before = await changeCount();
    await app.db.query('delete from properties where id = $1', [gone]);
    expect(await count()).toBe(0);
    expect(await changeCount()).toBe(before - 3);
  });
});
