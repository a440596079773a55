import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createRatePlan, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { factoryToday } from '../support/property-today';
import { resourceDocuments } from '../../resources/resource.documents';
import { promotionResource, PROMOTION_MESSAGES } from '../../resources/promotions/promotion.resource';
import { PROMOTION_DOCS } from '../../resources/promotions/promotion.documents';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { PREVIEW_MESSAGES } from '../../server/promotions/promotion-preview';
import { addDays } from '../../resources/days';
import { FORM_MESSAGES } from '../../resources/messages';

let app: TestApp;
type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const docs = resourceDocuments(promotionResource);
const today = factoryToday();
const day = (n: number) => addDays(today, n);
let p: number, other: number, room: string, planA: string, planB: string, otherPlan: string;
let admin: string, viewer: string, stranger: string;
const call = async (who: string, query: string, variables: Record<string, unknown>): Promise<Res> =>
  (await (await asUser(app, who)).gql(query, variables)).body as Res;
const values = (over: Record<string, unknown> = {}) => ({
  name: 'Early bird',
  type: 'EARLY_BOOKER',
  discountPercent: 20,
  daysBeforeArrival: 30,
  ratePlanIds: [planA],
  saleStart: day(-1),
  saleEnd: day(60),
  stayStart: day(0),
  stayEnd: day(200),
  weekdays: [],
  blackoutDates: [],
  combinable: false,
  ...over,
});
const create = (who: string, v: Record<string, unknown>, propertyId = p) =>
  call(who, docs.create, { input: { propertyId, values: v } });
const count = async () => Number((await app.db.query<{ n: string }>('select count(*) as n from promotions'))[0].n);

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  p = (await createProperty(app)).id;
  other = (await createProperty(app)).id;
  room = await createRoomType(app, p);
  planA = await createRatePlan(app, p, { roomTypeIds: [room], name: 'Flexible' });
  planB = await createRatePlan(app, p, { roomTypeIds: [room], name: 'Breakfast' });
  otherPlan = await createRatePlan(app, other);
  // 100.00 a night on both plans for the next 120 days; a stop sell on day 50 of plan B.
  for (const plan of [planA, planB])
    await app.db.query(
      `insert into rate_plan_days (property_id, room_type_id, rate_plan_id, day, rate, stop_sell)
       select $1, $2::bigint, $3::bigint, d::date, 100.00, ($3::bigint = $4::bigint and d::date = $5::date + 50)
         from generate_series($5::date, $5::date + 120, interval '1 day') d`,
      [p, room, plan, planB, today],
    );
  admin = (await createUser(app, { role: 'property_admin', propertyId: p })).email;
  viewer = (await createUser(app, { role: 'property_viewer', propertyId: p })).email;
  stranger = (await createUser(app, { role: 'property_admin', propertyId: other })).email;
});
afterAll(() => app.close());

describe(`promotions (${testDbKind})`, () => {
  it('creates, edits and lists promotions with a derived status, filtered and sorted, and records each save in the history', async () => {
    const made = await create(admin, values());
    expect(made.errors).toBeUndefined();
    const id = made.data.createPromotion.id;
    expect(made.data.createPromotion).toMatchObject({ status: 'ACTIVE', ratePlanIds: [planA] });
    const upcoming = await create(
      admin,
      values({ name: 'Next season', saleStart: day(10), saleEnd: day(90), combinable: true }),
    );
    const ending = await create(
      admin,
      values({ name: 'Last call', saleStart: day(-10), saleEnd: day(7), combinable: true }),
    );
    const expired = await create(
      admin,
      values({ name: 'Gone', saleStart: day(-30), saleEnd: day(-1), stayEnd: day(10) }),
    );
    for (const r of [upcoming, ending, expired]) expect(r.errors).toBeUndefined();
    const statuses = async (filter?: Record<string, unknown>) =>
      (
        await call(viewer, docs.list, { input: { propertyId: p, filter, sort: 'SALE_END_ASC' }, limit: 50, offset: 0 })
      ).data.promotions.nodes.map((n: any) => [n.name, n.status]);
    expect(await statuses()).toEqual([
      ['Gone', 'EXPIRED'],
      ['Last call', 'ENDING_SOON'],
      ['Early bird', 'ACTIVE'],
      ['Next season', 'UPCOMING'],
    ]);
    expect(await statuses({ status: ['ENDING_SOON', 'UPCOMING'] })).toEqual([
      ['Last call', 'ENDING_SOON'],
      ['Next season', 'UPCOMING'],
    ]);
    // The status filter counts each status over the whole list, whatever the filter.
    const counted = await call(viewer, docs.counts!, { input: { propertyId: p, filter: { status: ['ACTIVE'] } } });
    expect(counted.data.promotions.counts).toEqual(
      expect.arrayContaining(
        ['ACTIVE', 'ENDING_SOON', 'UPCOMING', 'EXPIRED'].map((value) => ({ field: 'status', value, count: 1 })),
      ),
    );
    expect(counted.data.promotions.counts).toHaveLength(4);
    const edited = await call(admin, docs.update, {
      input: { id, version: 1, values: values({ discountPercent: 25, ratePlanIds: [planA, planB] }) },
    });
    expect(edited.data.updatePromotion).toMatchObject({ discountPercent: 25, ratePlanIds: [planA, planB], version: 2 });
    const stale = await call(admin, docs.update, { input: { id, version: 1, values: values() } });
    expect(stale.errors?.[0].extensions.code).toBe('STALE');
    const history = await app.db.query<{ action: string; subject_label: string }>(
      "select action, subject_label from audit_log where subject_type = 'Promotion' and subject_id = $1 order by id",
      [id],
    );
    expect(history.map((h) => h.action)).toEqual(['promotions.create', 'promotions.update']);
    expect(history[0].subject_label).toBe('Promotion: Early bird');
  });

  it('refuses bad input with a field message each and saves nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ discountPercent: 0 }, 'discountPercent', /between 1 and 80/],
      [{ discountPercent: 81 }, 'discountPercent', /between 1 and 80/],
      [{ discountPercent: null }, 'discountPercent', PROMOTION_MESSAGES.discount],
      [{ daysBeforeArrival: null }, 'daysBeforeArrival', PROMOTION_MESSAGES.daysBeforeArrival],
      [{ saleEnd: day(-5) }, 'saleEnd', PROMOTION_MESSAGES.saleOrder],
      [{ stayStart: day(-20), stayEnd: day(-5) }, 'stayEnd', PROMOTION_MESSAGES.stayBeforeSale],
      [{ type: 'FREE_NIGHT', stayNights: 3, payNights: 3 }, 'payNights', PROMOTION_MESSAGES.freeNights],
      [
        { blackoutDates: Array.from({ length: 101 }, (_, i) => day(i)) },
        'blackoutDates',
        PROMOTION_MESSAGES.blackoutCount,
      ],
      [{ blackoutDates: ['2027-02-30'] }, 'blackoutDates', PROMOTION_MESSAGES.blackoutDate],
      [{ ratePlanIds: [otherPlan] }, 'ratePlanIds', /./],
      [{ ratePlanIds: ['999999999'] }, 'ratePlanIds', /./],
      [{ ratePlanIds: [] }, 'ratePlanIds', 'Choose at least one rate plan'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(admin, values(over));
      const what = JSON.stringify(over).slice(0, 80);
      expect(res.errors?.[0].extensions.code, what).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].message, what).toBe(FORM_MESSAGES.couldNotSave);
      const fields = res.errors?.[0].extensions.fields ?? {};
      const key = Object.keys(fields).find((k) => k === field || k.startsWith(`${field}.`));
      expect(key, `${what}: ${JSON.stringify(fields)}`).toBeDefined();
      expect(fields[key!][0], what).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('lets editors of the property write and viewers read; another property answers like a missing one', async () => {
    expect((await create(viewer, values({ name: 'Viewer deal' }))).errors?.[0].extensions.code).toBe('FORBIDDEN');
    const mine = (await create(admin, values({ name: 'Private deal' }))).data.createPromotion.id;
    const peek = await call(stranger, docs.one, { id: mine });
    expect(peek.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const write = await call(stranger, docs.update, { input: { id: mine, version: 1, values: values() } });
    expect(write.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const listed = await call(stranger, docs.list, { input: { propertyId: p }, limit: 10, offset: 0 });
    expect(listed.errors?.[0].extensions.code).toMatch(/FORBIDDEN|NOT_FOUND/);
    const derby = (await createProperty(app, { inventoryProvider: 'derbysoft' })).id;
    const derbyAdmin = (await createUser(app, { role: 'property_admin', propertyId: derby })).email;
    const derbyPlan = await createRatePlan(app, derby);
    const refused = await create(derbyAdmin, values({ ratePlanIds: [derbyPlan] }), derby);
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('warns of an overlapping non-combinable promotion on a shared plan and names the one a guest gets', async () => {
    await app.db.query('delete from promotions where property_id = $1', [p]);
    const a = (
      await create(
        admin,
        values({ name: 'Ten off', type: 'BASIC', discountPercent: 10, daysBeforeArrival: null, ratePlanIds: [planB] }),
      )
    ).data.createPromotion;
    const b = (
      await create(
        admin,
        values({
          name: 'Thirty off',
          type: 'BASIC',
          discountPercent: 30,
          daysBeforeArrival: null,
          ratePlanIds: [planB],
        }),
      )
    ).data.createPromotion;
    expect(b.overlaps).toEqual([
      expect.objectContaining({
        promotionId: a.id,
        name: 'Ten off',
        message: expect.stringContaining('a guest gets Thirty off'),
      }),
    ]);
    const again = await call(viewer, docs.one, { id: a.id });
    expect(again.data.promotion.overlaps.map((o: any) => o.message).join(' ')).toContain('a guest gets Thirty off');
    // A combinable one overlaps nothing.
    const c = (
      await create(
        admin,
        values({
          name: 'Stacks',
          type: 'BASIC',
          discountPercent: 5,
          daysBeforeArrival: null,
          ratePlanIds: [planB],
          combinable: true,
        }),
      )
    ).data.createPromotion;
    expect(c.overlaps).toEqual([]);
  });

  it('marks the rates calendar with the active and upcoming promotions of each plan, not the expired ones', async () => {
    await app.db.query('delete from promotions where property_id = $1', [p]);
    await create(admin, values({ name: 'On now', ratePlanIds: [planA] }));
    await create(admin, values({ name: 'Soon', saleStart: day(5), saleEnd: day(30), ratePlanIds: [planA, planB] }));
    await create(admin, values({ name: 'Over', saleStart: day(-30), saleEnd: day(-2), stayEnd: day(5) }));
    const cal = (await call(viewer, RATES_DOCS.calendar, { propertyId: p, roomTypeId: room, from: today, to: day(20) }))
      .data.ratesCalendar;
    const names = (planId: string) =>
      cal.plans
        .find((x: any) => x.id === planId)
        .promotions.map((x: any) => x.name)
        .sort();
    expect(names(planA)).toEqual(['On now', 'Soon']);
    expect(names(planB)).toEqual(['Soon']);
  });

  it('previews a stay night by night with the draft in place of its saved self, and why each promotion applies or not', async () => {
    await app.db.query('delete from promotions where property_id = $1', [p]);
    const saved = (
      await create(
        admin,
        values({ name: 'Early bird', discountPercent: 20, daysBeforeArrival: 30, ratePlanIds: [planA] }),
      )
    ).data.createPromotion;
    const preview = (input: Record<string, unknown>) =>
      call(viewer, PROMOTION_DOCS.preview, {
        input: { propertyId: p, roomTypeId: room, bookedOn: today, ...input },
      });
    const far = (await preview({ arrival: day(40), nights: 3 })).data.promotionPreview;
    const flexible = far.plans.find((x: any) => x.ratePlanId === planA);
    expect(flexible).toMatchObject({ bookable: true, base: '300.00', total: '240.00', chosen: [saved.id] });
    expect(flexible.nights[0]).toEqual({ date: day(40), rate: '100.00', paid: '80.00' });
    expect(flexible.promotions[0]).toMatchObject({ name: 'Early bird', applies: true });
    const near = (await preview({ arrival: day(10), nights: 3 })).data.promotionPreview;
    const nearPlan = near.plans.find((x: any) => x.ratePlanId === planA);
    expect(nearPlan).toMatchObject({ total: '300.00', chosen: [] });
    expect(nearPlan.promotions[0]).toMatchObject({ applies: false, reason: 'Booked 10 days ahead; needs at least 30' });
    // The form's unsaved values replace the saved promotion: 50% now, and on plan B too.
    const draft = values({ name: 'Early bird', discountPercent: 50, ratePlanIds: [planA, planB] });
    const edited = (await preview({ arrival: day(40), nights: 3, promotionId: saved.id, draft })).data.promotionPreview;
    expect(edited.plans.map((x: any) => x.total)).toEqual(['150.00', '150.00']);
    // A stop sell makes the plan unbookable for the stay, with the day.
    const stopped = (await preview({ arrival: day(49), nights: 3 })).data.promotionPreview;
    expect(stopped.plans.find((x: any) => x.ratePlanId === planB)).toMatchObject({
      bookable: false,
      reason: `Stop sell on ${day(50)}`,
      total: null,
    });
    // Incomplete values are left out of the preview, with a note.
    const half = (await preview({ arrival: day(40), nights: 3, draft: { name: 'Half' } })).data.promotionPreview;
    expect(half.draftNote).toBe(PREVIEW_MESSAGES.draftIncomplete);
    const bad = await preview({ arrival: day(40), nights: 31 });
    expect(bad.errors?.[0].extensions.fields.nights).toEqual([PREVIEW_MESSAGES.nights]);
    const late = await preview({ arrival: day(1), nights: 1, bookedOn: day(2) });
    expect(late.errors?.[0].extensions.fields.bookedOn).toEqual([PREVIEW_MESSAGES.bookedAfterArrival]);
    const outsider = await call(stranger, PROMOTION_DOCS.preview, {
      input: { propertyId: p, roomTypeId: room, arrival: day(40), nights: 2, bookedOn: today },
    });
    expect(outsider.errors?.[0].extensions.code).toMatch(/FORBIDDEN|NOT_FOUND/);
  });
});
