import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createGroup, createUser } from '../factories';
import { apiKeyFor, booking, receipt, sellingProperty, type Scope } from '../support/reservations';
import { factoryToday } from '../support/property-today';
import { INSIGHTS_DOCS } from '../../resources/insights/insights.documents';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { addDays, addMonths } from '../../resources/days';
import { INSIGHTS_TEXT, OCCUPANCY_DAYS, REVENUE_MAX_DAYS } from '../../resources/insights/insights';

/**
 * Issue 34's figures against a small fixture worked out by hand: a cancelled booking, a stay that
 * crosses the period's edge, a departure today, a booking in another currency, a stop-sell night
 * and a booking made a year ago. T is the property's today.
 */
let app: TestApp;
let s: Scope;
let admin: string;
let viewer: string;
let groupAdmin: string;
let stranger: string;
const T = factoryToday();
const d = (n: number) => addDays(T, n);

type Stay = {
  checkIn: string;
  checkOut: string;
  total: string;
  paymentMethod: string;
  cancelled?: boolean;
  nzd?: boolean;
  bookedAt?: string;
};
const STAYS: Record<string, Stay> = {
  arriving: { checkIn: d(0), checkOut: d(2), total: '200.00', paymentMethod: 'invoice' },
  staying: { checkIn: d(-1), checkOut: d(1), total: '300.00', paymentMethod: 'direct_credit' },
  cancelled: { checkIn: d(0), checkOut: d(1), total: '150.00', paymentMethod: 'invoice', cancelled: true },
  otherCurrency: { checkIn: d(5), checkOut: d(8), total: '450.00', paymentMethod: 'invoice', nzd: true },
  leaving: { checkIn: d(-2), checkOut: d(0), total: '100.00', paymentMethod: 'invoice' },
  acrossTheEdge: { checkIn: d(6), checkOut: d(9), total: '330.00', paymentMethod: 'direct_credit' },
  lastYear: {
    checkIn: addMonths(d(3), -12),
    checkOut: addDays(addMonths(d(3), -12), 2),
    total: '240.00',
    paymentMethod: 'invoice',
    bookedAt: new Date(Date.now() - 370 * 86_400_000).toISOString(),
  },
};

const call = async (email: string, query: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, email)).gql(query, variables)).body as { data?: any; errors?: any[] };

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  const group = await createGroup(app);
  s = await sellingProperty(app, { groupId: group.id });
  const key = await apiKeyFor(app, s.propertyId);
  for (const stay of Object.values(STAYS)) {
    const input = booking(s, {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      total: stay.total,
      paymentMethod: stay.paymentMethod,
      ...(stay.bookedAt ? { bookedAt: stay.bookedAt } : {}),
    });
    const r = await receipt(app, key, input);
    if (stay.cancelled)
      await receipt(app, key, { action: 'cancel', propertyId: s.propertyId, bookingRef: r.bookingRef });
    // The intake takes only the property's currency: a booking from before a currency change.
    if (stay.nzd)
      await app.db.query("update reservations set currency = 'NZD' where property_id = $1 and hotel_ref = $2", [
        s.propertyId,
        r.hotelRef,
      ]);
  }
  admin = (await createUser(app, { role: 'property_admin', propertyId: s.propertyId })).email;
  viewer = (await createUser(app, { role: 'property_viewer', propertyId: s.propertyId })).email;
  groupAdmin = (await createUser(app, { role: 'property_group_admin', groupId: group.id })).email;
  const elsewhere = await sellingProperty(app);
  stranger = (await createUser(app, { role: 'property_admin', propertyId: elsewhere.propertyId })).email;
  // Tonight 10 rooms to sell; tomorrow the only rate plan is stop-sold.
  const saved = await call(admin, RATES_DOCS.saveCells, {
    input: {
      propertyId: s.propertyId,
      roomTypeId: s.roomTypeId,
      cells: [
        { ratePlanId: null, date: T, field: 'roomsToSell', value: 10 },
        { ratePlanId: s.ratePlanId, date: d(1), field: 'stopSell', value: true },
      ],
    },
  });
  expect(saved.errors).toBeUndefined();
});
afterAll(() => app.close());

describe('property insights (issue 34)', () => {
  it("today: arrivals, departures and stays tonight on the property's day; bookings and cancellations of the last 24 hours", async () => {
    const r = await call(viewer, INSIGHTS_DOCS.today, { propertyId: s.propertyId });
    expect(r.errors).toBeUndefined();
    expect(r.data.propertyInsights).toMatchObject({ propertyId: s.propertyId, day: T, currency: 'AUD' });
    // The cancelled arrival is not counted; "leaving" checks out today and is not in house.
    expect(r.data.propertyInsights.figures).toEqual({
      arrivals: 1,
      departures: 1,
      inHouse: 2,
      bookedLastDay: 5,
      cancelledLastDay: 1,
    });
  });

  it("each of today's counts is a filter of the reservations list: in house is 'Staying' from today to today", async () => {
    const listed = async (query: Record<string, unknown>) =>
      (await call(viewer, RESERVATION_DOCS.list, { propertyId: s.propertyId, query: { state: 'reserved', ...query } }))
        .data.reservations.totalCount;
    expect(await listed({ dateField: 'check_in', from: T, to: T })).toBe(1);
    expect(await listed({ dateField: 'check_out', from: T, to: T })).toBe(1);
    expect(await listed({ dateField: 'stay', from: T, to: T })).toBe(2);
  });

  it('next 90 nights per room type: rooms to sell, sold, revenue spread over the nights (one currency), stop-sell nights', async () => {
    const r = await call(viewer, INSIGHTS_DOCS.occupancy, { propertyId: s.propertyId });
    expect(r.errors).toBeUndefined();
    const [room] = r.data.propertyInsights.occupancy;
    expect(room.roomTypeId).toBe(s.roomTypeId);
    for (const series of ['roomsToSell', 'sold', 'revenue', 'stopSell'])
      expect(room[series]).toHaveLength(OCCUPANCY_DAYS);
    expect(room.roomsToSell[0]).toBe(10);
    // Tonight: "arriving" (100 a night) and "staying" (150 a night).
    expect([room.sold[0], room.revenue[0]]).toEqual([2, '250.00']);
    expect([room.sold[1], room.revenue[1]]).toEqual([1, '100.00']);
    // The NZD stay is sold but its money is not added to AUD.
    expect(room.sold.slice(5, 9)).toEqual([1, 2, 2, 1]);
    expect(room.revenue.slice(5, 9)).toEqual(['0.00', '110.00', '110.00', '110.00']);
    expect(room.stopSell.slice(0, 3)).toEqual([false, true, false]);
  });

  it("revenue of a period by rate plan and by payment method: only the period's nights of a stay across its edge", async () => {
    const r = await call(viewer, INSIGHTS_DOCS.revenue, { propertyId: s.propertyId, from: d(1), to: d(6) });
    expect(r.errors).toBeUndefined();
    const rev = r.data.propertyInsights.revenue;
    expect(rev.byPaymentMethod).toEqual([
      { key: 'direct_credit', label: 'direct_credit', nights: 1, revenue: '110.00' },
      { key: 'invoice', label: 'invoice', nights: 1, revenue: '100.00' },
    ]);
    expect(rev.byRatePlan).toEqual([{ key: s.ratePlanId, label: expect.any(String), nights: 2, revenue: '210.00' }]);
  });

  it('pickup: bookings received per day for 30 days, and three months on the books beside a year ago', async () => {
    const r = await call(viewer, INSIGHTS_DOCS.pickup, { propertyId: s.propertyId });
    expect(r.errors).toBeUndefined();
    const { bookedPerDay, months } = r.data.propertyInsights.pickup;
    expect(bookedPerDay).toHaveLength(30);
    expect(bookedPerDay.at(-1)).toBe(5);
    expect(bookedPerDay.slice(0, -1).every((n: number) => n === 0)).toBe(true);
    // The oracle: each reserved AUD stay's nightly share, night by night, into its month.
    const byMonth = (stays: Stay[], shift: number) => {
      const sums = new Map<string, number>();
      for (const st of stays)
        for (let night = st.checkIn; night < st.checkOut; night = addDays(night, 1)) {
          const month = addMonths(`${night.slice(0, 7)}-01`, shift).slice(0, 7);
          const nights = (Date.parse(st.checkOut) - Date.parse(st.checkIn)) / 86_400_000;
          sums.set(month, (sums.get(month) ?? 0) + Number(st.total) / nights);
        }
      return sums;
    };
    const live = Object.values(STAYS).filter((st) => !st.cancelled && !st.nzd);
    const now = byMonth(
      live.filter((st) => st !== STAYS.lastYear),
      0,
    );
    const then = byMonth([STAYS.lastYear], 12);
    const first = `${T.slice(0, 7)}-01`;
    expect(months).toEqual(
      [0, 1, 2].map((i) => {
        const month = addMonths(first, i).slice(0, 7);
        return {
          month,
          revenue: (now.get(month) ?? 0).toFixed(2),
          lastYear: (then.get(month) ?? 0).toFixed(2),
        };
      }),
    );
    expect(months.some((m: { lastYear: string }) => m.lastYear !== '0.00')).toBe(true);
  });

  it('the group dashboard sums its properties, each night from tonight', async () => {
    const r = await call(groupAdmin, INSIGHTS_DOCS.group, { propertyGroupId: (await groupOf()).id });
    expect(r.errors).toBeUndefined();
    const g = r.data.propertyGroupInsights;
    expect(g.figures).toEqual({ arrivals: 1, departures: 1, inHouse: 2, bookedLastDay: 5, cancelledLastDay: 1 });
    expect(g.properties).toHaveLength(1);
    expect(g.properties[0]).toMatchObject({ propertyId: s.propertyId, currency: 'AUD' });
    expect(g.properties[0].roomsToSell[0]).toBe(10);
    expect(g.properties[0].sold.slice(0, 2)).toEqual([2, 1]);
    // 90 nights of AUD revenue: tonight 250, tomorrow 100, and "acrossTheEdge" 330.
    expect(g.properties[0].revenue).toBe('680.00');
  });

  it("refuses another property's user and a bad period, and answers only to a signed-in user", async () => {
    const other = await call(stranger, INSIGHTS_DOCS.today, { propertyId: s.propertyId });
    expect(other.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(other.data).toBeNull();
    const group = await call(stranger, INSIGHTS_DOCS.group, { propertyGroupId: (await groupOf()).id });
    expect(group.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const backwards = await call(viewer, INSIGHTS_DOCS.revenue, { propertyId: s.propertyId, from: d(5), to: d(1) });
    expect(backwards.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { to: [INSIGHTS_TEXT.range] },
    });
    const long = await call(viewer, INSIGHTS_DOCS.revenue, {
      propertyId: s.propertyId,
      from: T,
      to: addDays(T, REVENUE_MAX_DAYS),
    });
    expect(long.errors?.[0].extensions.fields).toEqual({ to: [INSIGHTS_TEXT.rangeTooLong] });
    const notADay = await call(viewer, INSIGHTS_DOCS.revenue, { propertyId: s.propertyId, from: '2026-02-30', to: T });
    expect(notADay.errors?.[0].extensions.fields).toEqual({ from: [INSIGHTS_TEXT.date] });
    const anonymous = await app.gql(INSIGHTS_DOCS.today, { propertyId: s.propertyId });
    expect((anonymous.body as any).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

async function groupOf() {
  const [row] = await app.db.query<{ id: number }>('select property_group_id as id from properties where id = $1', [
    s.propertyId,
  ]);
  return row;
}
