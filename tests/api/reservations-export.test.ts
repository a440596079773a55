import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testTransport, type TestApp } from '../support/test-app';
import { accessCookie, asUser } from '../support/as-user';
import { createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { seedReservations } from '../../server/db/seed-reservations';
import { EXPORT_PATH } from '../../server/reservations/export-reservations';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { csvColumnsFor, CSV_COLUMNS } from '../../resources/reservations/reservations.schema';
import { CSV_SEPARATORS, FORMULA_TRIGGERS } from '../../resources/reservations/csv-format';
import { NULL_CHARACTER_MESSAGE } from '../../server/graphql-input-guards';
import { parseCsv, sellingProperty, type Scope } from '../support/reservations';

/** More rows than one chunk of the export (1000), so the file crosses a keyset boundary. */
const ROWS = 1200;
const FORMULA = '=HYPERLINK("http://evil.example","Click")';
const QUOTED = 'Smith, "Jo"';

let app: TestApp;
let s: Scope, other: Scope;
let admin: string, stranger: string;
let cookie: string;
let formulaRef: string, quotedRef: string;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  s = await sellingProperty(app);
  other = await sellingProperty(app);
  await app.db.transaction((tx) => seedReservations(tx, s.propertyId, ROWS));
  await app.db.transaction((tx) => seedReservations(tx, other.propertyId, 10));
  const pick = async (n: number, name: string) => {
    const [row] = await app.db.query<{ hotel_ref: string }>(
      `update reservations set guest_name = $3 where property_id = $1
          and id = (select id from reservations where property_id = $1 order by id offset $2 limit 1) returning hotel_ref`,
      [s.propertyId, n, name],
    );
    return row.hotel_ref;
  };
  formulaRef = await pick(1051, FORMULA);
  quotedRef = await pick(7, QUOTED);
  admin = (await createUser(app, { role: 'property_admin', propertyId: s.propertyId })).email;
  stranger = (await createUser(app, { role: 'property_admin', propertyId: other.propertyId })).email;
  cookie = await accessCookie(app, admin);
});
afterAll(() => app.close());

const get = (params: string, headers: Record<string, string> = { cookie }) =>
  fetch(`${app.httpBase}${EXPORT_PATH}?${params}`, { headers });
const exported = async (params: string) => {
  const res = await get(`propertyId=${s.propertyId}&${params}`);
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 200)),
  ).toBe(200);
  const [header, ...rows] = parseCsv(await res.text());
  return { res, header, rows, col: (name: string) => rows.map((r) => r[header.indexOf(name)]) };
};
const COLUMN = { check_in: 'check_in', check_out: 'check_out', created_at: 'booked_at' } as const;

describe.skipIf(testTransport === 'yoga')(`reservations CSV export (${testDbKind})`, () => {
  it('streams every row once, across chunks, in the sort of the list', async () => {
    for (const [sort, direction] of [
      ['check_in', 'asc'],
      ['check_out', 'desc'],
      ['created_at', 'desc'],
      ['created_at', 'asc'],
    ] as const) {
      const { res, header, rows, col } = await exported(`sort=${sort}&direction=${direction}`);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reservations-${s.propertyId}.csv"`);
      expect(res.headers.get('x-total-count')).toBe(String(ROWS));
      expect(header).toEqual(CSV_COLUMNS.map(([h]) => h));
      expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
      const refs = col('Hotel ref');
      expect(refs).toHaveLength(ROWS);
      expect(new Set(refs).size).toBe(ROWS);
      const expected = await app.db.query<{ hotel_ref: string }>(
        `select hotel_ref from reservations where property_id = $1 order by ${COLUMN[sort]} ${direction}, id ${direction}`,
        [s.propertyId],
      );
      expect(refs, `${sort} ${direction}`).toEqual(expected.map((r) => r.hotel_ref));
      // The portal's list shows the same first rows.
      const page = await (await asUser(app, admin)).gql(RESERVATION_DOCS.list, {
        propertyId: s.propertyId,
        query: { sort, direction, limit: 100 },
      });
      expect(refs.slice(0, 100)).toEqual(
        page.body.data!.reservations.items.map((i: { hotelRef: string }) => i.hotelRef),
      );
    }
  });

  it('exports only the filtered rows, and says how many', async () => {
    const params = 'state=cancelled&dateField=check_in&from=2026-01-01&to=2026-12-31&sort=check_in&direction=asc';
    const { res, col } = await exported(params);
    const [n] = await app.db.query<{ n: string }>(
      `select count(*)::text as n from reservations where property_id = $1 and state = 'cancelled'
          and check_in between '2026-01-01' and '2026-12-31'`,
      [s.propertyId],
    );
    expect(Number(n.n)).toBeGreaterThan(10);
    expect(res.headers.get('x-total-count')).toBe(n.n);
    expect(col('State')).toEqual(Array(Number(n.n)).fill('cancelled'));
    expect(col('Check-in').every((d) => d >= '2026-01-01' && d <= '2026-12-31')).toBe(true);
    // The file is named for the property and the filter's dates.
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="reservations-${s.propertyId}-2026-01-01-to-2026-12-31.csv"`,
    );
    // The list's "All reservations" marker is not a filter: every row.
    const all = await exported('view=all');
    expect(all.res.headers.get('x-total-count')).toBe(String(ROWS));
    const searched = await exported('q=olivia');
    expect(searched.col('Guest').length).toBe(ROWS / 10);
    expect(searched.col('Guest').every((g) => g.startsWith('Olivia '))).toBe(true);
  });

  it("carries special requests (card numbers masked when stored) and the guest's phone, only for those who may read it", async () => {
    const [one] = await app.db.query<{ hotel_ref: string; guest_phone: string }>(
      `update reservations set special_requests = $2 where property_id = $1
          and id = (select min(id) from reservations where property_id = $1) returning hotel_ref, guest_phone`,
      [s.propertyId, 'Cot please, card •••• 1111 on file'],
    );
    const mine = await exported('sort=check_in&direction=asc');
    const at = mine.col('Hotel ref').indexOf(one.hotel_ref);
    expect(mine.col('Special requests')[at]).toBe('Cot please, card •••• 1111 on file');
    // A phone starts with '+', which a spreadsheet would read as a formula: it is defused like any such cell.
    expect(mine.col('Guest phone')[at]).toBe(`'${one.guest_phone}`);
    expect(mine.col('Special requests').filter((r) => r === 'Late arrival, around 10pm').length).toBeGreaterThan(0);
    // A viewer may not read guest contact details: no phone column at all.
    const viewer = (await createUser(app, { role: 'property_viewer', propertyId: s.propertyId })).email;
    const res = await get(`propertyId=${s.propertyId}`, { cookie: await accessCookie(app, viewer) });
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual(csvColumnsFor(false).map(([h]) => h));
    expect(header).not.toContain('Guest phone');
    expect(header).toContain('Special requests');
    expect(rows).toHaveLength(ROWS);
  });

  it('writes dates as yyyy-MM-dd and amounts with two decimals, and defuses formulas', async () => {
    const { rows, col } = await exported('sort=check_in&direction=asc');
    const day = /^\d{4}-\d{2}-\d{2}$/;
    for (const name of ['Check-in', 'Check-out', 'Booked'])
      expect(
        col(name).every((d) => day.test(d)),
        name,
      ).toBe(true);
    const states = col('State');
    expect(col('Cancelled').every((d, i) => (states[i] === 'cancelled' ? day.test(d) : d === ''))).toBe(true);
    expect(states.filter((x) => x === 'cancelled').length).toBeGreaterThan(0);
    expect(col('Total').every((t) => /^\d+\.\d{2}$/.test(t))).toBe(true);
    const byRef = new Map(rows.map((r) => [r[0], r]));
    expect(byRef.get(formulaRef)![2]).toBe(`'${FORMULA}`);
    expect(byRef.get(quotedRef)![2]).toBe(QUOTED);
    const text = await (await get(`propertyId=${s.propertyId}`)).text();
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("answers 401 when signed out and 404 for another tenant's property or a missing one", async () => {
    const signedOut = await get(`propertyId=${s.propertyId}`, {});
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).not.toContain('Hotel ref');
    const strangerCookie = await accessCookie(app, stranger);
    for (const propertyId of [s.propertyId, 999_999]) {
      const res = await get(`propertyId=${propertyId}`, { cookie: strangerCookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Property not found.' });
    }
    // Their own property exports only their own rows.
    const own = await get(`propertyId=${other.propertyId}`, { cookie: strangerCookie });
    expect(own.headers.get('x-total-count')).toBe('10');
    expect(parseCsv(await own.text())).toHaveLength(11);
    // A filter that does not parse is refused, never dropped (which would export every row).
    for (const bad of ['from=2027-02-30', 'state=maybe', 'colour=red']) {
      const res = await get(`propertyId=${other.propertyId}&${bad}`, { cookie: strangerCookie });
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toEqual({ error: 'Check the filters.' });
    }
  });

  it('starts with a byte-order mark, writes a semicolon file on request, and defuses every formula trigger in every text column', async () => {
    const TEXT_COLUMNS = {
      booking_ref: 'Booking ref',
      guest_name: 'Guest',
      room_type_name: 'Room type',
      rate_plan_name: 'Rate plan',
    } as const; // the other columns are refs, numbers, dates and fixed lists, checked by the database
    const triggers = FORMULA_TRIGGERS.map((t) => `${t}1+1;x`);
    const columns = Object.keys(TEXT_COLUMNS);
    const targets = await app.db.query<{ id: string; hotel_ref: string }>(
      'select id::text, hotel_ref from reservations where property_id = $1 order by id limit $2',
      [other.propertyId, triggers.length],
    );
    for (const [i, t] of targets.entries())
      await app.db.query(
        `update reservations set ${columns.map((c, j) => `${c} = $${j + 2}`).join(', ')} where id = $1`,
        [t.id, ...columns.map((_, j) => triggers[(i + j) % triggers.length])],
      );
    const strangerCookie = await accessCookie(app, stranger);
    for (const separator of ['comma', 'semicolon'] as const) {
      const res = await get(`propertyId=${other.propertyId}&separator=${separator}`, { cookie: strangerCookie });
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes), CSV_SEPARATORS[separator].char);
      expect(header).toEqual(CSV_COLUMNS.map(([h]) => h));
      const byRef = new Map(rows.map((r) => [r[0], r]));
      for (const [i, t] of targets.entries())
        for (const [j, name] of Object.values(TEXT_COLUMNS).entries())
          expect(byRef.get(t.hotel_ref)![header.indexOf(name)], `${separator} ${name}`).toBe(
            `'${triggers[(i + j) % triggers.length]}`,
          );
    }
    const unknown = await get(`propertyId=${other.propertyId}&separator=tab`, { cookie: strangerCookie });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'Choose a comma or a semicolon as the separator.' });
  });

  it('answers a null character in a filter as bad input (400, with the field), not as an outage, and logs nothing as an error', async () => {
    const before = app.logs.length;
    const res = await get(`propertyId=${s.propertyId}&q=a%00b`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: `${NULL_CHARACTER_MESSAGE} (q)` });
    expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(app.logs.slice(before).filter((l) => l.level === 'error' || l.level === 50)).toEqual([]);
  });
});
