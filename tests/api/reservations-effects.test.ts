import { liveClient, sendUntilHeard } from '../support/live-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createTestApp, testTransport, type TestApp } from '../support/test-app';
import { accessCookie, asUser } from '../support/as-user';
import { mailsTo } from '../support/auth-client';
import { createContact, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { AUTH_DOCS } from '../../resources/auth/auth.documents';
import { LIVE_MESSAGES } from '../../server/live-access';
import { SIGNED_OUT_CLOSE } from '../../server/http/websocket';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { apiKeyFor, booking, receipt, sellingProperty, TEST_CARD, vccCard, type Scope } from '../support/reservations';

/** What a booking sets off after it is stored: the overbooking flag, emails to the reservations contact, live updates. */
let app: TestApp;
let key: string;
let staff: string;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
  key = await apiKeyFor(app);
  staff = (await createUser(app, { isStaff: true })).email;
});
afterAll(() => app.close());

/** A selling property whose reservations contact ticked (or not) the two email choices; answers the contact's email. */
async function withContact(confirmationEmails: boolean, vccInEmail: boolean): Promise<Scope & { contact: string }> {
  const s = await sellingProperty(app);
  const c = await createContact(app, s.propertyId, { type: 'RESERVATION', confirmationEmails, vccInEmail });
  return { ...s, contact: c.email };
}
/** The contact's booking emails, as UTF-8 text (the masked card's dots are not ASCII). */
const bookingMails = async (email: string) => {
  await app.services.notifier.idle();
  return mailsTo(app, email);
};
const notifications = (propertyId: number) =>
  app.db.query<{ kind: string; status: string; attempts: number; last_error: string | null; include_vcc: boolean }>(
    'select kind, status, attempts, last_error, include_vcc from booking_notifications where property_id = $1 order by id',
    [propertyId],
  );

describe(`overbooking (${testDbKind})`, () => {
  it('flags a booking that takes a night past the rooms to sell, accepts it, and shows it in the list', async () => {
    const s = await sellingProperty(app);
    for (const day of ['2027-05-01', '2027-05-02', '2027-05-03', '2027-05-04', '2027-05-05'])
      await app.db.query(
        'insert into room_inventory (property_id, room_type_id, day, rooms_to_sell) values ($1, $2, $3, 1)',
        [s.propertyId, s.roomTypeId, day],
      );
    const first = await receipt(app, key, booking(s, { checkIn: '2027-05-01', checkOut: '2027-05-03' }));
    const second = await receipt(app, key, booking(s, { checkIn: '2027-05-02', checkOut: '2027-05-04' }));
    const apart = await receipt(app, key, booking(s, { checkIn: '2027-05-04', checkOut: '2027-05-06' }));
    expect([first.overbooked, second.overbooked, apart.overbooked]).toEqual([false, true, false]);
    const list = await (await asUser(app, staff)).gql(RESERVATION_DOCS.list, {
      propertyId: s.propertyId,
      query: { sort: 'check_in', direction: 'asc' },
    });
    const flags = list.body.data!.reservations.items.map((i: any) => [i.hotelRef, i.overbooked]);
    expect(flags).toEqual([
      [first.hotelRef, false],
      [second.hotelRef, true],
      [apart.hotelRef, false],
    ]);
    // Cancelled, it no longer counts as overbooked.
    const cancelled = await receipt(app, key, {
      action: 'cancel',
      propertyId: s.propertyId,
      bookingRef: second.bookingRef,
    });
    expect(cancelled).toMatchObject({ state: 'cancelled', overbooked: false });
    // Cancelling the first stay frees the night the second one overbooked: its flag clears.
    await receipt(app, key, { action: 'cancel', propertyId: s.propertyId, bookingRef: first.bookingRef });
    const third = await receipt(app, key, booking(s, { checkIn: '2027-05-02', checkOut: '2027-05-03' }));
    expect(third.overbooked).toBe(false);
    const again = await receipt(app, key, booking(s, { checkIn: '2027-05-02', checkOut: '2027-05-03' }));
    expect(again.overbooked).toBe(true);
    await receipt(app, key, { action: 'cancel', propertyId: s.propertyId, bookingRef: third.bookingRef });
    const [row] = await app.db.query<{ overbooked: boolean }>(
      'select overbooked from reservations where property_id = $1 and hotel_ref = $2',
      [s.propertyId, again.hotelRef],
    );
    expect(row.overbooked).toBe(false);
  });

  it('flags all but two of six bookings sent at once for a night with two rooms to sell', async () => {
    const s = await sellingProperty(app);
    await app.db.query(
      'insert into room_inventory (property_id, room_type_id, day, rooms_to_sell) values ($1, $2, $3, 2)',
      [s.propertyId, s.roomTypeId, '2027-06-10'],
    );
    // Each row is written before the room type's lock is taken: the flag, under it, still counts every earlier stay.
    const stays = Array.from({ length: 6 }, () => booking(s, { checkIn: '2027-06-10', checkOut: '2027-06-11' }));
    const receipts = await Promise.all(stays.map((b) => receipt(app, key, b)));
    expect(receipts.filter((r) => r.overbooked)).toHaveLength(4);
    const rows = await app.db.query<{ overbooked: boolean }>(
      'select overbooked from reservations where property_id = $1 and check_in = $2',
      [s.propertyId, '2027-06-10'],
    );
    expect(rows.map((r) => r.overbooked).sort()).toEqual([false, false, true, true, true, true]);
  });
});

describe(`booking emails (${testDbKind})`, () => {
  it('masks a card number typed into the special requests: stored, listed and mailed as •••• and the last four', async () => {
    const s = await withContact(true, false);
    const typed = 'Late arrival.\nPlease charge 4111 1111 1111 1111 exp 09/28.';
    const b = booking(s, { specialRequests: typed, adults: 1, children: 0 });
    const { hotelRef } = await receipt(app, key, b);
    const [row] = await app.db.query<{ special_requests: string }>(
      'select special_requests from reservations where property_id = $1 and hotel_ref = $2',
      [s.propertyId, hotelRef],
    );
    expect(row.special_requests).toBe('Late arrival.\nPlease charge •••• 1111 exp 09/28.');
    // Counts agree with their nouns: one adult, no children.
    const [mail] = await bookingMails(s.contact);
    expect(mail).toContain('•••• 1111');
    expect(mail).toMatch(/1 adult, 0 children/);
    expect(mail.replace(/\s/g, '')).not.toContain(TEST_CARD);
    for (const table of ['reservations', 'reservation_events', 'booking_notifications', 'audit_log']) {
      const [dump] = await app.db.query<{ text: string }>(
        `select coalesce(json_agg(t), '[]')::text as text from ${table} t`,
      );
      expect(dump.text.replace(/[\s-]/g, ''), table).not.toContain(TEST_CARD);
    }
    // The same booking sent again is a retry, not a change: the masked text is what the retry is compared by.
    expect((await receipt(app, key, b)).hotelRef).toBe(hotelRef);
  });

  it('mails the reservations contact with the masked card when they asked for VCC details, and a cancellation', async () => {
    const s = await withContact(true, true);
    const b = booking(s, { paymentMethod: 'vcc', card: vccCard });
    const { hotelRef } = await receipt(app, key, b);
    const [mail] = await bookingMails(s.contact);
    expect(mail).toContain(`New booking ${hotelRef}`);
    expect(mail).toContain('Virtual card');
    expect(mail).toContain('Card: •••• 1111');
    expect(mail).not.toContain(TEST_CARD);
    await receipt(app, key, { action: 'cancel', propertyId: s.propertyId, bookingRef: b.bookingRef });
    const mails = await bookingMails(s.contact);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(`Booking cancelled ${hotelRef}`);
    expect(await notifications(s.propertyId)).toEqual([
      { kind: 'booked', status: 'sent', attempts: 1, last_error: null, include_vcc: true },
      { kind: 'cancelled', status: 'sent', attempts: 1, last_error: null, include_vcc: true },
    ]);
  });

  it('leaves the card out when the contact did not ask for VCC details, and mails nobody who asked for no emails', async () => {
    const noVcc = await withContact(true, false);
    await receipt(app, key, booking(noVcc, { paymentMethod: 'vcc', card: vccCard }));
    const [mail, ...more] = await bookingMails(noVcc.contact);
    expect(more).toEqual([]);
    expect(mail).toContain('New booking');
    expect(mail).not.toContain('Virtual card');
    expect(mail).not.toContain('1111');
    const silent = await withContact(false, true);
    await receipt(app, key, booking(silent, { paymentMethod: 'vcc', card: vccCard }));
    expect(await bookingMails(silent.contact)).toEqual([]);
    expect(await notifications(silent.propertyId)).toEqual([]);
  });

  it('keeps the booking when mail fails, shows staff the failure, and sends the email on a later sweep', async () => {
    const s = await withContact(true, false);
    const outbox = app.services.mailer.outboxDir!;
    mkdirSync(outbox, { recursive: true });
    renameSync(outbox, `${outbox}.kept`);
    writeFileSync(outbox, 'not a directory');
    let hotelRef = '';
    try {
      ({ hotelRef } = await receipt(app, key, booking(s)));
      await app.services.notifier.idle();
    } finally {
      rmSync(outbox, { force: true });
      renameSync(`${outbox}.kept`, outbox);
    }
    const [stored] = await app.db.query('select state from reservations where property_id = $1 and hotel_ref = $2', [
      s.propertyId,
      hotelRef,
    ]);
    expect(stored).toEqual({ state: 'reserved' });
    expect(await notifications(s.propertyId)).toEqual([
      { kind: 'booked', status: 'pending', attempts: 1, last_error: 'Mail delivery failed.', include_vcc: false },
    ]);
    const detail = async () =>
      (await (await asUser(app, staff)).gql(RESERVATION_DOCS.detail, { propertyId: s.propertyId, hotelRef })).body.data!
        .reservation.emails;
    expect(await detail()).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, lastError: 'Mail delivery failed.', sentAt: null }),
    ]);
    expect(await bookingMails(s.contact)).toEqual([]);
    // Not due yet: a sweep now leaves it alone.
    await app.services.notifier.runDue();
    expect((await notifications(s.propertyId))[0].attempts).toBe(1);
    await app.db.query('update booking_notifications set next_attempt_at = now() where property_id = $1', [
      s.propertyId,
    ]);
    await app.services.notifier.runDue();
    expect(await notifications(s.propertyId)).toEqual([
      { kind: 'booked', status: 'sent', attempts: 2, last_error: null, include_vcc: false },
    ]);
    expect(await bookingMails(s.contact)).toHaveLength(1);
    expect((await detail())[0]).toMatchObject({ status: 'sent', lastError: null, sentAt: expect.any(String) });
  });
});

describe.skipIf(testTransport === 'yoga')(`live reservations (${testDbKind})`, () => {
  it('tells a subscriber of the property about a booking, and refuses a user of another property', async () => {
    const s = await sellingProperty(app);
    const other = await sellingProperty(app);
    const viewer = (await createUser(app, { role: 'property_viewer', propertyId: s.propertyId })).email;
    const stranger = (await createUser(app, { role: 'property_admin', propertyId: other.propertyId })).email;
    const connect = async (email: string) => liveClient(app.httpBase!, await accessCookie(app, email));
    const watcher = await connect(viewer);
    const events: any[] = [];
    watcher.subscribe(
      { query: RESERVATION_DOCS.changed, variables: { propertyId: s.propertyId } },
      { next: (v) => events.push(v), error: (e) => events.push({ error: e }), complete: () => undefined },
    );
    // The subscription is registered once authorized: book until the first event arrives (a few tries at most).
    const refs: string[] = [];
    await sendUntilHeard(events, async () => refs.push((await receipt(app, key, booking(s))).hotelRef));
    expect(events[0]).toEqual({
      data: { reservationsChanged: { propertyId: s.propertyId, hotelRef: expect.any(String), kind: 'booked' } },
    });
    expect(refs).toContain(events[0].data.reservationsChanged.hotelRef);
    // Another property's booking is not sent here.
    const seen = events.length;
    await receipt(app, key, booking(other));
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toHaveLength(seen);
    await watcher.dispose();
    const outsider = await connect(stranger);
    const refused = await new Promise<unknown>((resolve) => {
      outsider.subscribe(
        { query: RESERVATION_DOCS.changed, variables: { propertyId: s.propertyId } },
        { next: resolve, error: resolve, complete: () => resolve('complete') },
      );
    });
    expect(JSON.stringify(refused)).toContain('NOT_FOUND');
    await outsider.dispose();
  });

  it('ends a subscription whose subscriber lost the property, and closes the sockets of a session that signed out', async () => {
    const s = await sellingProperty(app);
    const user = await createUser(app, { role: 'property_viewer', propertyId: s.propertyId });
    const open = async (client: Awaited<ReturnType<typeof asUser>>) => {
      const cookie = `access_token=${client.cookies.get('access_token')!.value}`;
      const closes: number[] = [];
      const ws = liveClient(app.httpBase!, cookie, closes);
      const events: any[] = [];
      let completed = false;
      ws.subscribe(
        { query: RESERVATION_DOCS.changed, variables: { propertyId: s.propertyId } },
        { next: (v) => events.push(v), error: (e) => events.push({ error: e }), complete: () => (completed = true) },
      );
      // Registered once authorized: book until the first event arrives.
      await sendUntilHeard(events, () => receipt(app, key, booking(s)));
      expect(events[0].data.reservationsChanged.kind).toBe('booked');
      return { ws, events, closes, completed: () => completed };
    };
    const settle = () => new Promise((r) => setTimeout(r, 300));

    // Membership removed: the next event is one FORBIDDEN error, then the subscription completes.
    const member = await asUser(app, user.email, { fresh: true });
    const a = await open(member);
    await settle(); // every event of the tries that opened it has arrived
    const before = a.events.length;
    await app.db.query('delete from memberships where user_id = $1', [user.id]);
    await receipt(app, key, booking(s));
    await settle();
    expect(a.events[before]).toMatchObject({
      errors: [{ message: LIVE_MESSAGES.noAccess, extensions: { code: 'FORBIDDEN' } }],
    });
    expect(a.completed()).toBe(true);
    await receipt(app, key, booking(s));
    await settle();
    expect(a.events).toHaveLength(before + 1);
    await a.ws.dispose();
    await app.db.query('insert into memberships (user_id, role, property_id) values ($1, $2, $3)', [
      user.id,
      'property_viewer',
      s.propertyId,
    ]);

    // Sign-out: the session's socket closes at once (4401), and nothing more arrives.
    const session = await asUser(app, user.email, { fresh: true });
    const b = await open(session);
    await settle();
    await session.gql(AUTH_DOCS.userSignOut);
    await settle();
    expect(b.closes).toContain(SIGNED_OUT_CLOSE.code);
    const seen = b.events.length;
    await receipt(app, key, booking(s));
    await settle();
    expect(b.events).toHaveLength(seen);
    await b.ws.dispose();
  });
});
