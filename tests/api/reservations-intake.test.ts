import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createRoomType } from '../factories';
import { testDbKind } from '../support/test-db';
import { planCommand, UsageError } from '../../server/cli/cli-commands';
import { OperatorError } from '../../server/ops/operator-ops';
import { RESERVATION_MESSAGES } from '../../resources/reservations/reservations.schema';
import {
  apiKeyFor,
  booking,
  bookingTables,
  receipt,
  sellingProperty,
  sendBooking,
  TEST_CARD,
  vccCard,
  type Scope,
} from '../support/reservations';

let app: TestApp;
let s: Scope, other: Scope;
let key: string, otherKey: string;
let unsold: string;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  s = await sellingProperty(app);
  other = await sellingProperty(app);
  unsold = await createRoomType(app, s.propertyId);
  key = await apiKeyFor(app, s.propertyId);
  otherKey = await apiKeyFor(app, other.propertyId);
});
afterAll(() => app.close());

const rows = (bookingRef: string) =>
  app.db.query<{ state: string; version: number; guest_name: string }>(
    'select state, version, guest_name from reservations where property_id = $1 and booking_ref = $2',
    [s.propertyId, bookingRef],
  );
const events = async (bookingRef: string) =>
  (
    await app.db.query<{ kind: string; changes: any }>(
      `select e.kind, e.changes from reservation_events e join reservations r on r.property_id = e.property_id and r.id = e.reservation_id
        where r.property_id = $1 and r.booking_ref = $2 order by e.id`,
      [s.propertyId, bookingRef],
    )
  ).map((e) => (e.kind === 'modified' ? `modified:${Object.keys(e.changes).sort().join(',')}` : e.kind));

describe(`booking intake (${testDbKind})`, () => {
  it('answers the same new booking sent again with the same receipt, and stores it once', async () => {
    const b = booking(s);
    const first = await receipt(app, key, b);
    expect(first).toMatchObject({ bookingRef: b.bookingRef, state: 'reserved', version: 1, overbooked: false });
    expect(first.hotelRef).toMatch(/^HX[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(await receipt(app, key, b)).toEqual(first);
    expect(await rows(b.bookingRef as string)).toHaveLength(1);
    expect(await events(b.bookingRef as string)).toEqual(['booked']);
    // The key's last use is recorded (outside the booking's transaction, so a moment later).
    await expect
      .poll(async () => (await app.db.query('select 1 from api_keys where last_used_at is not null')).length)
      .toBeGreaterThan(0);
  });

  it('stores a booking sent twice at once once, and answers both with the same receipt', async () => {
    const b = booking(s);
    const [one, two] = await Promise.all([receipt(app, key, b), receipt(app, key, b)]);
    expect(two).toEqual(one);
    expect(await rows(b.bookingRef as string)).toHaveLength(1);
    expect(await events(b.bookingRef as string)).toEqual(['booked']);
  });

  it('refuses a new booking that reuses a reference with other details', async () => {
    const b = booking(s);
    await receipt(app, key, b);
    const res = await sendBooking(app, key, { ...b, guest: { name: 'Someone Else' } });
    expect(res.errors?.[0]).toMatchObject({ message: RESERVATION_MESSAGES.refTaken, extensions: { code: 'REFUSED' } });
    expect(await rows(b.bookingRef as string)).toEqual([{ state: 'reserved', version: 1, guest_name: 'Grace Hopper' }]);
  });

  it('modifies (once, however often it is sent), cancels (once), and refuses to modify a cancelled booking', async () => {
    const b = booking(s);
    const booked = await receipt(app, key, b);
    const changed = { ...b, action: 'modify', checkOut: '2027-03-13', total: '450.00' };
    const modified = await receipt(app, key, changed);
    expect(modified).toEqual({ ...booked, version: 2 });
    expect(await receipt(app, key, changed)).toEqual(modified);
    // The first `new`, retried late, still names this booking and changes nothing.
    expect(await receipt(app, key, b)).toEqual(modified);
    expect(await events(b.bookingRef as string)).toEqual(['booked', 'modified:check_out,total']);
    const cancel = { action: 'cancel', propertyId: s.propertyId, bookingRef: b.bookingRef };
    const cancelled = await receipt(app, key, cancel);
    expect(cancelled).toEqual({ ...booked, state: 'cancelled', version: 3 });
    expect(await receipt(app, key, cancel)).toEqual(cancelled);
    expect(await events(b.bookingRef as string)).toEqual(['booked', 'modified:check_out,total', 'cancelled']);
    const late = await sendBooking(app, key, { ...changed, adults: 1 });
    expect(late.errors?.[0]).toMatchObject({
      message: RESERVATION_MESSAGES.cancelledBooking,
      extensions: { code: 'REFUSED' },
    });
    expect(await rows(b.bookingRef as string)).toEqual([
      { state: 'cancelled', version: 3, guest_name: 'Grace Hopper' },
    ]);
  });

  it('answers a modification or cancellation of an unknown reference with NOT_FOUND', async () => {
    for (const input of [
      { ...booking(s), action: 'modify' },
      { action: 'cancel', propertyId: s.propertyId, bookingRef: 'NEVER-SENT-1' },
    ]) {
      const res = await sendBooking(app, key, input);
      expect(res.errors?.[0]).toMatchObject({
        message: RESERVATION_MESSAGES.unknownBooking,
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });

  it('refuses each bad booking with a field message and writes nothing', async () => {
    const before = await bookingTables(app);
    const vcc = { paymentMethod: 'vcc', card: vccCard };
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ checkIn: '2027-03-12', checkOut: '2027-03-10' }, 'checkOut', RESERVATION_MESSAGES.checkOutAfterCheckIn],
      [{ checkIn: '2027-03-12', checkOut: '2027-03-12' }, 'checkOut', RESERVATION_MESSAGES.checkOutAfterCheckIn],
      [{ checkOut: '2027-07-01' }, 'checkOut', RESERVATION_MESSAGES.tooLong],
      [{ checkIn: '2027-02-30' }, 'checkIn', RESERVATION_MESSAGES.date],
      [{ total: 'abc' }, 'total', RESERVATION_MESSAGES.amount],
      [{ total: '12.345' }, 'total', RESERVATION_MESSAGES.amount],
      [{ adults: -1 }, 'adults', /.+/],
      [{ guest: { name: ' ' } }, 'guest.name', 'Required'],
      [{ checkIn: '1900-01-01', checkOut: '1900-01-03' }, 'checkIn', RESERVATION_MESSAGES.checkInPast],
      [{ checkIn: '9999-01-01', checkOut: '9999-01-03' }, 'checkIn', RESERVATION_MESSAGES.checkInAhead],
      [{ guest: { name: 'Olivia\r\nBcc: all@evil.example' } }, 'guest.name', RESERVATION_MESSAGES.controlCharacters],
      [{ guest: { name: 'Olivia\tSmith' } }, 'guest.name', RESERVATION_MESSAGES.controlCharacters],
      [{ specialRequests: 'Late arrival\u0007' }, 'specialRequests', RESERVATION_MESSAGES.freeTextControl],
      // The same fault, the same message, wherever it is: a reference's format check does not answer first.
      [{ bookingRef: 'REF\u0001ONE' }, 'bookingRef', RESERVATION_MESSAGES.controlCharacters],
      [{ guest: { name: 'Olivia', phone: '+61 2\u000b9999' } }, 'guest.phone', RESERVATION_MESSAGES.controlCharacters],
      [{ currency: 'AU\u001bD' }, 'currency', RESERVATION_MESSAGES.controlCharacters],
      [{ bogus: true }, 'input', /bogus/],
      [{ roomTypeId: other.roomTypeId }, 'roomTypeId', RESERVATION_MESSAGES.roomType],
      [{ roomTypeId: unsold }, 'ratePlanId', RESERVATION_MESSAGES.ratePlan],
      [{ currency: 'EUR' }, 'currency', RESERVATION_MESSAGES.currency],
      [{ paymentMethod: 'vcc' }, 'card', RESERVATION_MESSAGES.cardNeeded],
      [{ paymentMethod: 'invoice', card: vccCard }, 'card', RESERVATION_MESSAGES.cardUnexpected],
      [{ ...vcc, card: { ...vccCard, number: '4111 1111' } }, 'card.number', RESERVATION_MESSAGES.card],
      [{ ...vcc, card: { ...vccCard, expiry: '13/28' } }, 'card.expiry', RESERVATION_MESSAGES.cardExpiry],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await sendBooking(app, key, booking(s, overrides));
      const what = JSON.stringify(overrides);
      expect(res.errors?.[0], what).toMatchObject({
        // A field the input type does not have is refused by GraphQL before the booking's own checks, naming it.
        message: field === 'input' ? expect.stringMatching(message) : RESERVATION_MESSAGES.invalid,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(res.errors?.[0].extensions.fields[field]?.[0], what).toMatch(message);
      expect(JSON.stringify(res), what).not.toContain(TEST_CARD);
    }
    expect(await bookingTables(app)).toEqual(before);
  });

  it('keeps only the last four digits of a card: never the full number in any table or log line', async () => {
    const b = booking(s, { paymentMethod: 'vcc', card: vccCard });
    await receipt(app, key, b);
    await receipt(app, key, { ...b, action: 'modify', card: { ...vccCard, amount: '280.00' } });
    const [row] = await app.db.query<{ payload_hash: string } & Record<string, unknown>>(
      'select * from reservations where property_id = $1 and booking_ref = $2',
      [s.propertyId, b.bookingRef],
    );
    expect(row).toMatchObject({ card_masked: '•••• 1111', card_expiry: '09/28' });
    const { payload_hash, ...rest } = row;
    // The hash is hex: a run of digits in it is chance, so it is only checked not to hold the number.
    expect(JSON.stringify(rest)).not.toMatch(/\d{12,}/);
    expect(payload_hash).not.toContain(TEST_CARD);
    for (const table of ['reservation_events', 'booking_notifications', 'audit_log']) {
      const [dump] = await app.db.query<{ text: string }>(
        `select coalesce(json_agg(t), '[]')::text as text from ${table} t`,
      );
      expect(dump.text, table).not.toContain(TEST_CARD);
    }
    expect(JSON.stringify(app.logs)).not.toContain(TEST_CARD);
  });
});

describe(`booking intake API keys (${testDbKind})`, () => {
  it('refuses a missing, malformed, unknown or revoked key as UNAUTHENTICATED', async () => {
    const revoked = await apiKeyFor(app, s.propertyId);
    await app.db.query("update api_keys set revoked_at = now() where prefix = split_part($1, '_', 2)", [revoked]);
    const unknown = `${key.slice(0, 'hxk_0123456789_'.length)}${'A'.repeat(43)}`;
    const before = await bookingTables(app);
    for (const sent of [null, '', 'garbage', 'hxk_nope_short', unknown, revoked]) {
      const res = await sendBooking(app, sent, booking(s));
      expect(res.errors?.[0], String(sent)).toMatchObject({
        message: RESERVATION_MESSAGES.apiKey,
        extensions: { code: 'UNAUTHENTICATED' },
      });
    }
    expect(await bookingTables(app)).toEqual(before);
  });

  it('refuses a key sending for a property outside its scope, and writes nothing there', async () => {
    const before = await bookingTables(app);
    for (const input of [booking(s), { action: 'cancel', propertyId: s.propertyId, bookingRef: 'ANY-REF-1' }]) {
      const res = await sendBooking(app, otherKey, input);
      expect(res.errors?.[0]).toMatchObject({
        message: RESERVATION_MESSAGES.apiKeyScope,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    expect(await bookingTables(app)).toEqual(before);
  });

  it('creates, lists and revokes keys with the CLI; the key is printed once and only its hash kept', async () => {
    const run = async (...argv: string[]) => {
      const lines: string[] = [];
      await planCommand(argv)(app.db, (l) => lines.push(l));
      return lines;
    };
    const out = await run('create-api-key', '--name', 'Brand system', '--property', String(s.propertyId));
    expect(out[0]).toMatch(new RegExp(`^Created API key \\d+ \\(Brand system\\) for properties ${s.propertyId}\\.$`));
    const id = /API key (\d+)/.exec(out[0])![1];
    const cliKey = /^Key: (hxk_\S+)$/.exec(out[1])![1];
    expect(await receipt(app, cliKey, booking(s))).toMatchObject({ state: 'reserved' });
    const [stored] = await app.db.query<{ text: string }>(
      'select row_to_json(k)::text as text from api_keys k where id = $1',
      [id],
    );
    expect(stored.text).not.toContain(cliKey.slice('hxk_0123456789_'.length));
    expect((await run('list-api-keys')).find((l) => l.startsWith(`${id}\t`))).toMatch(
      new RegExp(`^${id}\\tBrand system\\t${s.propertyId}\\tlive\\t`),
    );
    expect(await run('revoke-api-key', '--id', id)).toEqual([`Revoked API key ${id}.`]);
    const refused = await sendBooking(app, cliKey, booking(s));
    expect(refused.errors?.[0]).toMatchObject({
      message: RESERVATION_MESSAGES.apiKey,
      extensions: { code: 'UNAUTHENTICATED' },
    });
    await expect(run('revoke-api-key', '--id', id)).rejects.toThrowError(
      new OperatorError(`No live API key with id ${id}.`),
    );
    await expect(run('create-api-key', '--name', 'X', '--property', '999999')).rejects.toThrowError(
      new OperatorError('No property with id 999999.'),
    );
    expect(() => planCommand(['create-api-key', '--name', 'X', '--all-properties', '--property', '1'])).toThrowError(
      UsageError,
    );
    expect(() => planCommand(['create-api-key', '--all-properties'])).toThrowError(/--name is required/);
    const everywhere = await run('create-api-key', '--name', 'All', '--all-properties');
    const allKey = /^Key: (\S+)$/.exec(everywhere[1])![1];
    expect(await receipt(app, allKey, booking(other))).toMatchObject({ state: 'reserved' });
  });
});
