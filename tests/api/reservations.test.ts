import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createUser, grantUserRole } from '../factories';
import { testDbKind } from '../support/test-db';
import { seedReservations } from '../../server/db/seed-reservations';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { MAX_SEARCH_LENGTH, RESERVATION_MESSAGES } from '../../resources/reservations/reservations.schema';
import { apiKeyFor, booking, receipt, sellingProperty, type Gql, type Scope } from '../support/reservations';

let app: TestApp;
let key: string;
let listed: Scope, paged: Scope;
let viewer: string;

/** The list's bookings: each sort key gives another order; Edsger's is cancelled. */
const SPECS = [
  {
    name: 'Ada Lovelace',
    checkIn: '2027-03-10',
    checkOut: '2027-03-20',
    bookedAt: '2026-10-09T08:00:00Z',
    total: '1000.00',
  },
  {
    name: 'Brian Kernighan',
    checkIn: '2027-03-12',
    checkOut: '2027-03-14',
    bookedAt: '2026-10-05T08:00:00Z',
    total: '250.50',
  },
  // 09:30 in Sydney on the 8th is still the 7th in UTC, the day the list filters on.
  {
    name: 'Claude Shannon',
    checkIn: '2027-03-14',
    checkOut: '2027-03-15',
    bookedAt: '2026-10-08T09:30:00+10:00',
    total: '99.99',
  },
  {
    name: 'Dennis Ritchie',
    checkIn: '2027-03-16',
    checkOut: '2027-03-30',
    bookedAt: '2026-10-01T08:00:00Z',
    total: '2800.00',
  },
  {
    name: 'Edsger Dijkstra',
    checkIn: '2027-03-11',
    checkOut: '2027-03-13',
    bookedAt: '2026-10-08T08:00:00Z',
    total: '400.00',
    cancelled: true,
  },
];
type Spec = (typeof SPECS)[number] & { cancelled?: boolean; hotelRef?: string; bookingRef?: string };
const specs: Spec[] = SPECS.map((x) => ({ ...x }));

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  key = await apiKeyFor(app);
  listed = await sellingProperty(app);
  paged = await sellingProperty(app);
  for (const x of specs) {
    const input = booking(listed, {
      guest: { name: x.name },
      checkIn: x.checkIn,
      checkOut: x.checkOut,
      bookedAt: x.bookedAt,
      total: x.total,
    });
    const r = await receipt(app, key, input);
    Object.assign(x, { hotelRef: r.hotelRef, bookingRef: r.bookingRef });
    if (x.cancelled)
      await receipt(app, key, { action: 'cancel', propertyId: listed.propertyId, bookingRef: r.bookingRef });
  }
  await app.db.transaction((tx) => seedReservations(tx, paged.propertyId, 45));
  viewer = (await createUser(app, { role: 'property_viewer', propertyId: listed.propertyId })).email;
  await grantUserRole(app, viewer, 'property_viewer', { propertyId: paged.propertyId });
});
afterAll(() => app.close());

const call = async (who: string, doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(doc, variables)).body as Gql;
const list = async (query: Record<string, unknown>, propertyId = listed.propertyId) => {
  const res = await call(viewer, RESERVATION_DOCS.list, { propertyId, query });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.reservations as {
    items: Record<string, any>[];
    totalCount: number;
    roomNights: number;
    revenue: string;
    currencyCode: string;
  };
};
const names = async (query: Record<string, unknown>) => (await list(query)).items.map((i) => i.guestName);
const nights = (x: Spec) => (Date.parse(x.checkOut) - Date.parse(x.checkIn)) / 86_400_000;
/** The totals of a set of bookings, worked out here: cancelled ones count, but not their nights or money. */
const totalsOf = (xs: Spec[]) => {
  const kept = xs.filter((x) => !x.cancelled);
  const cents = kept.reduce((n, x) => n + Math.round(Number(x.total) * 100), 0);
  return {
    totalCount: xs.length,
    roomNights: kept.reduce((n, x) => n + nights(x), 0),
    revenue: (cents / 100).toFixed(2),
  };
};

describe(`reservations list (${testDbKind})`, () => {
  it('sorts by check-in, check-out and booking time, both ways', async () => {
    const keyOf = {
      check_in: (x: Spec) => x.checkIn,
      check_out: (x: Spec) => x.checkOut,
      created_at: (x: Spec) => new Date(x.bookedAt).toISOString(),
    };
    for (const [sort, by] of Object.entries(keyOf)) {
      const asc = [...specs].sort((a, b) => by(a).localeCompare(by(b))).map((x) => x.name);
      expect(await names({ sort, direction: 'asc' }), sort).toEqual(asc);
      expect(await names({ sort, direction: 'desc' }), sort).toEqual([...asc].reverse());
    }
    // The default: latest check-in first.
    expect(await names({})).toEqual([
      'Dennis Ritchie',
      'Claude Shannon',
      'Brian Kernighan',
      'Edsger Dijkstra',
      'Ada Lovelace',
    ]);
  });

  it('filters by state, by a date range on each date, and by a search on guest, hotel ref and booking ref', async () => {
    const asc = { sort: 'check_in', direction: 'asc' };
    expect(await names({ ...asc, state: 'cancelled' })).toEqual(['Edsger Dijkstra']);
    expect(await names({ ...asc, state: 'reserved' })).toEqual([
      'Ada Lovelace',
      'Brian Kernighan',
      'Claude Shannon',
      'Dennis Ritchie',
    ]);
    expect(await names({ ...asc, dateField: 'check_in', from: '2027-03-11', to: '2027-03-14' })).toEqual([
      'Edsger Dijkstra',
      'Brian Kernighan',
      'Claude Shannon',
    ]);
    expect(await names({ ...asc, dateField: 'check_out', from: '2027-03-15', to: '2027-03-20' })).toEqual([
      'Ada Lovelace',
      'Claude Shannon',
    ]);
    expect(await names({ ...asc, dateField: 'check_out', to: '2027-03-13' })).toEqual(['Edsger Dijkstra']);
    expect(await names({ ...asc, dateField: 'created_at', from: '2026-10-07', to: '2026-10-07' })).toEqual([
      'Claude Shannon',
    ]);
    expect(await names({ ...asc, dateField: 'created_at', from: '2026-10-08' })).toEqual([
      'Ada Lovelace',
      'Edsger Dijkstra',
    ]);
    expect(await names({ q: 'kernig' })).toEqual(['Brian Kernighan']);
    expect(await names({ q: specs[0].hotelRef!.toLowerCase() })).toEqual(['Ada Lovelace']);
    expect(await names({ q: specs[3].bookingRef })).toEqual(['Dennis Ritchie']);
    // Wildcards are searched for as they are, not as patterns.
    expect(await names({ q: '%' })).toEqual([]);
    expect(await names({ q: '_' })).toEqual([]);
  });

  it('totals the whole filtered set: count with cancelled bookings, nights and revenue of reserved ones only', async () => {
    const all = await list({ limit: 20 });
    expect(all).toMatchObject({ ...totalsOf(specs), currencyCode: 'AUD' });
    expect(all.revenue).toBe('4150.49');
    const inRange = specs.filter((x) => x.checkIn >= '2027-03-11' && x.checkIn <= '2027-03-14');
    expect(await list({ from: '2027-03-11', to: '2027-03-14' })).toMatchObject(totalsOf(inRange));
    expect(await list({ q: 'nobody at all' })).toMatchObject({
      items: [],
      totalCount: 0,
      roomNights: 0,
      revenue: '0.00',
    });
  });

  it('pages without overlap, and every page carries the totals of the whole set', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list({ page, limit: 20, sort: 'created_at' }, paged.propertyId));
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    const items = pages.flatMap((p) => p.items);
    expect(new Set(items.map((i) => i.hotelRef)).size).toBe(45);
    expect(pages.every((p) => p.totalCount === 45)).toBe(true);
    const [sql] = await app.db.query<{ nights: string; revenue: string }>(
      `select sum(nights)::text as nights, sum(total)::text as revenue from reservations where property_id = $1 and state = 'reserved'`,
      [paged.propertyId],
    );
    expect(pages[1]).toMatchObject({ roomNights: Number(sql.nights), revenue: Number(sql.revenue).toFixed(2) });
    const times = items.map((i) => i.bookedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses bad filters with a field message', async () => {
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ bogus: 1 }, 'input', /bogus/],
      [{ from: '2027-02-30' }, 'from', RESERVATION_MESSAGES.date],
      [{ to: '27-03-01' }, 'to', RESERVATION_MESSAGES.date],
      [{ from: '2027-03-02', to: '2027-03-01' }, 'to', RESERVATION_MESSAGES.range],
      [{ limit: 7 }, 'limit', 'Choose 20, 50 or 100 a page'],
      [{ q: 'x'.repeat(MAX_SEARCH_LENGTH + 1) }, 'q', RESERVATION_MESSAGES.search],
      [{ sort: 'guest' }, 'sort', /.+/],
      [{ state: 'pending' }, 'state', /.+/],
    ];
    for (const [query, field, message] of cases) {
      const res = await call(viewer, RESERVATION_DOCS.list, { propertyId: listed.propertyId, query });
      expect(res.errors?.[0].extensions.code, JSON.stringify(query)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions.fields[field]?.[0], JSON.stringify(query)).toMatch(message);
    }
  });
});
