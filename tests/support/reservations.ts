import { randomBytes } from 'node:crypto';
import { createApiKey } from '../../server/reservations/api-keys';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { createProperty, createRatePlan, createRoomType, type PropertyOverrides } from '../factories';
import type { TestApp } from './test-app';

/**
 * What the reservations tests share: a property that sells one room type through one rate plan,
 * an API key for it, a booking as the brand's booking system sends it, and the call that sends it.
 */
export type Scope = { propertyId: number; roomTypeId: string; ratePlanId: string; currency: string };
export type Gql = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };

/** A property with a room type sold by a rate plan (room type and rate plan names are the factories'). */
export async function sellingProperty(app: TestApp, overrides: PropertyOverrides = {}): Promise<Scope> {
  const { id } = await createProperty(app, overrides);
  const roomTypeId = await createRoomType(app, id);
  const ratePlanId = await createRatePlan(app, id, { roomTypeIds: [roomTypeId] });
  return { propertyId: id, roomTypeId, ratePlanId, currency: overrides.currencyCode ?? 'AUD' };
}

let refs = 0;
const run = randomBytes(3).toString('hex').toUpperCase();
/** A booking reference no other test of the run uses. */
export const newBookingRef = (prefix = 'BK') => `${prefix}-${run}-${++refs}`;

/** A valid `new` booking for the scope (2 nights, 300.00, direct credit); overrides replace fields. */
export function booking(s: Scope, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    action: 'new',
    propertyId: s.propertyId,
    bookingRef: newBookingRef(),
    guest: { name: 'Grace Hopper', email: 'grace@guest.example', phone: '+61 400 000 000' },
    adults: 2,
    children: 0,
    roomTypeId: s.roomTypeId,
    ratePlanId: s.ratePlanId,
    checkIn: '2027-03-10',
    checkOut: '2027-03-12',
    total: '300.00',
    currency: s.currency,
    paymentMethod: 'direct_credit',
    ...overrides,
  };
}

export const TEST_CARD = '4111111111111111';
/** The card a VCC booking carries: the full number arrives, only '•••• 1111' may be kept. */
export const vccCard = { number: TEST_CARD, expiry: '09/28', activationDate: '2027-03-10', amount: '300.00' };

/** An API key made as the CLI makes it (only its hash stored), for the given properties (none: all). */
export async function apiKeyFor(app: TestApp, ...propertyIds: number[]): Promise<string> {
  const made = await app.db.transaction((tx) =>
    createApiKey(tx, { name: 'Test booking system', allProperties: propertyIds.length === 0, propertyIds }),
  );
  return made.key;
}

/** Sends a booking (new, modify or cancel) with the key, as the booking system does: no session. */
export async function sendBooking(app: TestApp, key: string | null, input: unknown): Promise<Gql> {
  const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key };
  return (await app.gql(RESERVATION_DOCS.receive, { input }, { headers })).body as Gql;
}

/** Sends and expects a receipt: throws with the answer otherwise. */
export async function receipt(app: TestApp, key: string, input: unknown) {
  const res = await sendBooking(app, key, input);
  if (res.errors || !res.data) throw new Error(`booking refused: ${JSON.stringify(res.errors)}`);
  return res.data.receiveBooking as {
    hotelRef: string;
    bookingRef: string;
    state: string;
    version: number;
    overbooked: boolean;
  };
}

/** Row counts of the tables a booking writes, to prove a refused one wrote nothing. */
export async function bookingTables(app: TestApp) {
  const [row] = await app.db.query<{ r: string; e: string; n: string }>(
    `select (select count(*) from reservations)::text as r, (select count(*) from reservation_events)::text as e,
            (select count(*) from booking_notifications)::text as n`,
  );
  return row;
}

/** A CSV file as rows of cells (quoted cells with doubled quotes, commas and newlines inside). */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === separator) endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}
