import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { RESERVATION_MESSAGES } from '../../resources/reservations/reservations.schema';
import { apiKeyFor, booking, receipt, sellingProperty, vccCard, type Gql, type Scope } from '../support/reservations';

let app: TestApp;
let key: string;
let detailed: Scope, other: Scope;
let viewer: string, editor: string, admin: string, staff: string, stranger: string;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  key = await apiKeyFor(app);
  detailed = await sellingProperty(app, { contacts: ['RESERVATION'] });
  other = await sellingProperty(app);
  const user = async (role: string, propertyId = detailed.propertyId) =>
    (await createUser(app, { role: role as never, propertyId })).email;
  viewer = await user('property_viewer');
  editor = await user('property_editor');
  admin = await user('property_admin');
  stranger = await user('property_admin', other.propertyId);
  staff = (await createUser(app, { isStaff: true })).email;
});
afterAll(() => app.close());

const call = async (who: string, doc: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(doc, variables)).body as Gql;

describe(`reservation detail (${testDbKind})`, () => {
  let ref: string;
  beforeAll(async () => {
    const first = booking(detailed, { paymentMethod: 'vcc', card: vccCard, specialRequests: 'Quiet room' });
    ref = (await receipt(app, key, first)).hotelRef;
    const changed = {
      ...first,
      action: 'modify',
      guest: { name: 'Grace M. Hopper', email: 'gmh@guest.example', phone: '+61 400 000 000' },
      adults: 3,
      total: '350.00',
    };
    expect(await receipt(app, key, changed)).toMatchObject({ version: 2, state: 'reserved' });
    expect(
      await receipt(app, key, { action: 'cancel', propertyId: detailed.propertyId, bookingRef: first.bookingRef }),
    ).toMatchObject({ version: 3, state: 'cancelled' });
    await app.services.notifier.idle();
  });
  const detail = (who: string, hotelRef = ref, propertyId = detailed.propertyId) =>
    call(who, RESERVATION_DOCS.detail, { propertyId, hotelRef });

  it('shows the history: booked, modified with what changed (private fields without values), cancelled', async () => {
    const r = (await detail(viewer)).data.reservation;
    expect(r).toMatchObject({
      state: 'cancelled',
      version: 3,
      guestName: 'Grace M. Hopper',
      total: '350.00',
      adults: 3,
    });
    expect(r.cancelledAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(r.history.map((e: { kind: string }) => e.kind)).toEqual(['booked', 'modified', 'cancelled']);
    const changes = [...r.history[1].changes].sort((a, b) => a.field.localeCompare(b.field));
    expect(changes).toEqual([
      { field: 'adults', before: '2', after: '3' },
      { field: 'guest_email', before: null, after: null },
      { field: 'guest_name', before: 'Grace Hopper', after: 'Grace M. Hopper' },
      { field: 'total', before: '300.00', after: '350.00' },
    ]);
    expect(r.history[0].changes).toEqual([]);
    expect(JSON.stringify(r.history)).not.toContain('gmh@');
  });

  it('shows guest contact to editors and admins, the card to admins, booking emails to staff', async () => {
    const [v, e, a, s] = await Promise.all(
      [viewer, editor, admin, staff].map(async (u) => (await detail(u)).data.reservation),
    );
    expect(v).toMatchObject({
      guestContactShown: false,
      guestEmail: null,
      guestPhone: null,
      cardShown: false,
      card: null,
      emails: null,
    });
    expect(e).toMatchObject({
      guestContactShown: true,
      guestEmail: 'gmh@guest.example',
      cardShown: false,
      card: null,
      emails: null,
    });
    expect(a).toMatchObject({ guestContactShown: true, cardShown: true, emails: null });
    expect(a.card).toEqual({ masked: '•••• 1111', expiry: '09/28', activationDate: '2027-03-10', amount: '300.00' });
    expect(s).toMatchObject({ guestContactShown: true, cardShown: true, specialRequests: 'Quiet room' });
    expect(s.emails.map((m: { kind: string; status: string }) => `${m.kind}:${m.status}`)).toEqual([
      'booked:sent',
      'modified:sent',
      'cancelled:sent',
    ]);
  });

  it("answers another tenant's user, another property's ref and an unknown ref with NOT_FOUND", async () => {
    const foreign = await detail(stranger);
    expect(foreign.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(foreign.data).toBeNull();
    const crossed = await detail(stranger, ref, other.propertyId);
    expect(crossed.errors?.[0]).toMatchObject({
      message: RESERVATION_MESSAGES.notFound,
      extensions: { code: 'NOT_FOUND' },
    });
    for (const unknown of ['HXZZZZZZ', 'not a ref!', ''])
      expect((await detail(admin, unknown)).errors?.[0], unknown).toMatchObject({
        message: RESERVATION_MESSAGES.notFound,
        extensions: { code: 'NOT_FOUND' },
      });
    // A ref is case-insensitive: the portal's address may be typed in lower case.
    expect((await detail(viewer, ref.toLowerCase())).data.reservation.hotelRef).toBe(ref);
  });
});
