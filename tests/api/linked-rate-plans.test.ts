import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createRatePlan, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { factoryToday } from '../support/property-today';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { RATE_LINK_MESSAGES, linkedRate } from '../../resources/rate-plans/rate-link';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { addDays, RATES_MESSAGES, ratesWindow } from '../../resources/rates-inventory/rates-inventory.schema';

let app: TestApp;
let p: number, rt: string, rtOther: string;
let base: string, child: string, grandchild: string, great: string, other: string, elsewhere: string;
let editor: string;
const { first: today } = ratesWindow(factoryToday());
const day = (n: number) => addDays(today, n);
const plans = resourceDocuments(ratePlanResource);
type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const call = async (doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, editor)).gql(doc, variables)).body as Res;
const versions = new Map<string, number>();
const valuesOf = new Map<string, Record<string, unknown>>();
/** A plan as the factory makes it, its values kept for the form's whole saves. */
async function plan(name: string, roomTypeIds: string[]) {
  const values = {
    name,
    type: 'Standard',
    pricing: 'Dynamic',
    saleStart: '2026-01-01',
    saleEnd: '2099-01-01',
    minStay: 1,
    cancellationPolicy: [],
    roomTypeIds,
  };
  const id = await createRatePlan(app, p, values);
  valuesOf.set(id, values);
  return id;
}
/** Sets a plan's link through the rate plan's own save, as its form does (every field sent). */
async function link(id: string, rateLink: Record<string, unknown> | null) {
  const values = { ...valuesOf.get(id), rateLink };
  const res = await call(plans.update, { input: { id, version: versions.get(id) ?? 1, values } });
  if (!res.errors) versions.set(id, res.data.updateRatePlan.version);
  return res;
}
const calendar = (from = today, to = day(10)) => call(RATES_DOCS.calendar, { propertyId: p, roomTypeId: rt, from, to });
const rates = async (id: string, from = today, to = day(10)) =>
  (await calendar(from, to)).data.ratesCalendar.plans.find((x: { id: string }) => x.id === id).rate;
const save = (cells: unknown[]) => call(RATES_DOCS.saveCells, { input: { propertyId: p, roomTypeId: rt, cells } });

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  p = (await createProperty(app)).id;
  rt = await createRoomType(app, p);
  rtOther = await createRoomType(app, p);
  base = await plan('Base rate', [rt]);
  child = await plan('Child rate', [rt]);
  grandchild = await plan('Grandchild rate', [rt]);
  great = await plan('Great rate', [rt]);
  other = await plan('Other rate', [rt]);
  elsewhere = await plan('Elsewhere rate', [rtOther]);
  editor = (await createUser(app, { role: 'property_admin', propertyId: p })).email;
  const seeded = await save([
    { ratePlanId: base, date: day(1), field: 'rate', value: '100' },
    { ratePlanId: base, date: day(2), field: 'rate', value: '199.99' },
  ]);
  expect(seeded.errors).toBeUndefined();
});
afterAll(() => app.close());

describe(`Linked rate plans (${testDbKind})`, () => {
  it('rounds a link to the cent, half away from zero', () => {
    expect(linkedRate({ mode: 'percent', value: '-10' }, '199.99')).toBe('179.99'); // 179.991
    expect(linkedRate({ mode: 'percent', value: '12.5' }, '100.04')).toBe('112.55'); // 112.545
    expect(linkedRate({ mode: 'amount', value: '-15.50' }, '100.00')).toBe('84.50');
    expect(linkedRate({ mode: 'amount', value: '-100' }, '100.00')).toBeNull();
  });

  it('follows the parent at once when linked, in the same save, and shows the link on the calendar', async () => {
    const res = await link(child, { parentId: base, mode: 'percent', value: '-10' });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateRatePlan.rateLink).toEqual({ parentId: base, mode: 'percent', value: '-10' });
    expect((await rates(child)).slice(0, 3)).toEqual([null, '90.00', '179.99']);
    const cal = await calendar();
    expect(cal.data.ratesCalendar.plans.find((x: { id: string }) => x.id === child)).toMatchObject({
      linkedTo: base,
      link: 'Base rate −10 %',
    });
    const [batch] = await app.db.query<{ source: string; cell_count: number }>(
      "select source, cell_count from rates_batches where property_id = $1 and source = 'link'",
      [p],
    );
    expect(batch).toEqual({ source: 'link', cell_count: 2 });
  });

  it("moves the children with a parent's grid change in the same batch, down the chain, and refuses a child's typed rate", async () => {
    expect((await link(grandchild, { parentId: child, mode: 'amount', value: '5' })).errors).toBeUndefined();
    const saved = await save([{ ratePlanId: base, date: day(3), field: 'rate', value: '150', before: null }]);
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveRatesCells.count).toBe(3);
    expect((await rates(child))[3]).toBe('135.00');
    expect((await rates(grandchild))[3]).toBe('140.00');
    const logged = await app.db.query<{ plan: string; after: string }>(
      'select rate_plan_id::text as plan, after from rates_changes where property_id = $1 and batch_id = $2 order by after',
      [p, saved.data.saveRatesCells.batchId],
    );
    expect(logged).toEqual([
      { plan: child, after: '135.00' },
      { plan: grandchild, after: '140.00' },
      { plan: base, after: '150.00' },
    ]);
    const typed = await save([{ ratePlanId: child, date: day(4), field: 'rate', value: '99' }]);
    expect(typed.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { 'cells.0.value': [RATE_LINK_MESSAGES.readOnly('Base rate')] },
    });
    // One undo takes the parent and its children back.
    const undone = await call(RATES_DOCS.undo, {
      propertyId: p,
      roomTypeId: rt,
      batchId: saved.data.saveRatesCells.batchId,
    });
    expect(undone.errors).toBeUndefined();
    expect([(await rates(base))[3], (await rates(child))[3], (await rates(grandchild))[3]]).toEqual([null, null, null]);
  });

  it("shows a parent's bulk change on its children in the preview, and applies them in one batch", async () => {
    const input = {
      propertyId: p,
      roomTypeId: rt,
      ranges: [{ from: day(5), to: day(6) }],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      ratePlanIds: [base, child],
      rate: { mode: 'set', value: '200' },
    };
    const pre = await call(RATES_DOCS.preview, { input });
    expect(pre.errors).toBeUndefined();
    const sample = pre.data.previewRatesBulkUpdate.sample as { ratePlanName: string; after: string }[];
    expect(pre.data.previewRatesBulkUpdate.cells).toBe(6);
    expect(new Set(sample.map((s) => `${s.ratePlanName} ${s.after}`))).toEqual(
      new Set(['Base rate 200.00', 'Child rate 180.00', 'Grandchild rate 185.00']),
    );
    const done = await call(RATES_DOCS.apply, { input: { ...input, token: pre.data.previewRatesBulkUpdate.token } });
    expect(done.data.applyRatesBulkUpdate.count).toBe(6);
    expect((await rates(grandchild))[6]).toBe('185.00');
  });

  it('refuses a link to itself, in a circle, deeper than 3, to another room type or an unknown plan, and changes nothing', async () => {
    expect((await link(base, { parentId: base, mode: 'percent', value: '5' })).errors?.[0].message).toBe(
      RATE_LINK_MESSAGES.self,
    );
    expect((await link(base, { parentId: grandchild, mode: 'percent', value: '5' })).errors?.[0].message).toBe(
      RATE_LINK_MESSAGES.cycle,
    );
    expect((await link(great, { parentId: grandchild, mode: 'percent', value: '5' })).errors).toBeUndefined();
    expect((await link(other, { parentId: great, mode: 'percent', value: '5' })).errors?.[0].message).toBe(
      RATE_LINK_MESSAGES.depth,
    );
    expect((await link(other, { parentId: elsewhere, mode: 'percent', value: '5' })).errors?.[0].message).toBe(
      RATE_LINK_MESSAGES.sharedRoom,
    );
    expect((await link(other, { parentId: '999999', mode: 'percent', value: '5' })).errors?.[0].message).toBe(
      RATE_LINK_MESSAGES.notFound,
    );
    const bad = await link(other, { parentId: base, mode: 'percent', value: '-95' });
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const [row] = await app.db.query<{ rate_link: unknown }>('select rate_link from rate_plans where id = $1', [other]);
    expect(row.rate_link).toBeNull();
    // A parent's change that would take a child to 0 or less refuses the whole save.
    expect((await link(other, { parentId: base, mode: 'amount', value: '-120' })).errors?.[0].message).toBe(
      RATES_MESSAGES.rateAtOrBelowZero,
    );
    expect((await rates(other))[1]).toBeNull();
    // Unlinked, its rates are typed again.
    expect((await link(great, null)).errors).toBeUndefined();
    expect((await save([{ ratePlanId: great, date: day(4), field: 'rate', value: '77' }])).errors).toBeUndefined();
  });
});
