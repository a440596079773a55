import { createHash, randomInt } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { writeAudit } from '../audit/write-audit';
import { fieldErrors } from '../../resources/rates-inventory/rates-inventory.schema';
import { lockRoomType } from '../rates/write-cells';
import {
  bookingSchema,
  cancelSchema,
  maskCard,
  nightsBetween,
  RESERVATION_MESSAGES,
  type BookingInput,
} from '../../resources/reservations/reservations.schema';
import { API_KEY_HEADER, authenticateApiKey, checkKeyScope, touchApiKey } from './api-keys';
import { queueBookingEmail } from './booking-notifications';

export type BookingReceipt = {
  hotelRef: string;
  bookingRef: string;
  state: string;
  version: number;
  overbooked: boolean;
};
type Stored = BookingReceipt & { id: string; payloadHash: string; roomTypeId: string; row: Record<string, unknown> };

const invalidBooking = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  userError(RESERVATION_MESSAGES.invalid, 'BAD_USER_INPUT', fieldErrors(issues));

/**
 * The brand's booking system sends a new, modified or cancelled booking (header x-api-key). It is
 * idempotent on the booking reference: the same payload again (a retry, or two at once) changes
 * nothing and gets the same receipt. The nights count against rooms to sell; an overbooking is
 * accepted and flagged. Emails to the reservations contact are queued in the same transaction.
 */
export async function receiveBooking(ctx: AppContext, input: unknown): Promise<BookingReceipt> {
  const key = await authenticateApiKey(ctx.db, ctx.request.headers.get(API_KEY_HEADER));
  const action = (input as { action?: unknown } | null)?.action;
  const parsed = action === 'cancel' ? cancelSchema.safeParse(input) : bookingSchema.safeParse(input);
  if (!parsed.success) throw invalidBooking(parsed.error.issues);
  const booking = parsed.data;
  checkKeyScope(key, booking.propertyId);
  touchApiKey(ctx.db, key.id);

  const result = await ctx.db.transaction(async (tx) => {
    const [property] = await tx.query<{ currency: string }>(
      'select currency_code as currency from properties where id = $1',
      [booking.propertyId],
    );
    if (!property) throw userError('Property not found.', 'NOT_FOUND');
    if (booking.action === 'cancel') return cancel(tx, booking.propertyId, booking.bookingRef, ctx);
    const names = await checkBooking(tx, booking, property.currency.trim());
    return booking.action === 'new' ? create(tx, booking, names, ctx) : modify(tx, booking, names, ctx);
  });
  if (result.changed) {
    ctx.pubsub.publish('reservations:changed', booking.propertyId, {
      propertyId: booking.propertyId,
      hotelRef: result.receipt.hotelRef,
      kind: result.changed,
    });
    ctx.notifier.kick();
  }
  return result.receipt;
}

type Names = { roomTypeName: string; ratePlanName: string };

async function checkBooking(tx: Queryable, b: BookingInput, currency: string): Promise<Names> {
  const rows = await tx.query<{ resource: string; name: string; sells: boolean }>(
    `select resource, data->>'name' as name, coalesce(data->'roomTypeIds' ? $3, false) as sells
       from resource_rows where property_id = $1 and ((resource = 'room-types' and id = $2) or (resource = 'rate-plans' and id = $4))`,
    [b.propertyId, b.roomTypeId, b.roomTypeId, b.ratePlanId],
  );
  const room = rows.find((r) => r.resource === 'room-types');
  const plan = rows.find((r) => r.resource === 'rate-plans');
  const issues = [];
  if (!room) issues.push({ path: ['roomTypeId'], message: RESERVATION_MESSAGES.roomType });
  if (!plan || !plan.sells) issues.push({ path: ['ratePlanId'], message: RESERVATION_MESSAGES.ratePlan });
  if (b.currency !== currency) issues.push({ path: ['currency'], message: RESERVATION_MESSAGES.currency });
  if (issues.length) throw invalidBooking(issues);
  return { roomTypeName: room!.name, ratePlanName: plan!.name };
}

/** What a booking stores, and the hash a retry is recognised by (a masked card: a hash of a full number could be reversed). */
function columns(b: BookingInput, names: Names) {
  const values = {
    guest_name: b.guest.name,
    guest_email: b.guest.email ?? null,
    guest_phone: b.guest.phone ?? null,
    adults: b.adults,
    children: b.children,
    room_type_id: b.roomTypeId,
    room_type_name: names.roomTypeName,
    rate_plan_id: b.ratePlanId,
    rate_plan_name: names.ratePlanName,
    check_in: b.checkIn,
    check_out: b.checkOut,
    nights: nightsBetween(b.checkIn, b.checkOut),
    total: Number(b.total).toFixed(2),
    currency: b.currency,
    payment_method: b.paymentMethod,
    special_requests: b.specialRequests ?? null,
    card_masked: b.card ? maskCard(b.card.number) : null,
    card_expiry: b.card?.expiry ?? null,
    vcc_activation_date: b.card?.activationDate ?? null,
    vcc_amount: b.card ? Number(b.card.amount).toFixed(2) : null,
  };
  const hash = createHash('sha256').update(JSON.stringify(values)).digest('hex');
  return { values, hash };
}

const RECEIPT = `hotel_ref as "hotelRef", booking_ref as "bookingRef", state, version, overbooked, id::text as id,
  payload_hash as "payloadHash", room_type_id::text as "roomTypeId"`;
const DIFFED = [
  'guest_name',
  'adults',
  'children',
  'room_type_name',
  'rate_plan_name',
  'check_in',
  'check_out',
  'total',
  'payment_method',
  'special_requests',
];
const PRIVATE = ['guest_email', 'guest_phone', 'card_masked', 'card_expiry', 'vcc_activation_date', 'vcc_amount'];

/** Crockford base32 without I, L, O, U: a reference read over the phone is not misheard. */
const REF_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newHotelRef = () => `HX${Array.from({ length: 6 }, () => REF_ALPHABET[randomInt(32)]).join('')}`;

async function create(tx: Queryable, b: BookingInput, names: Names, ctx: AppContext) {
  const { values, hash } = columns(b, names);
  await lockRoomType(tx, { propertyId: b.propertyId, roomTypeId: b.roomTypeId });
  const keys = Object.keys(values);
  const params = [
    b.propertyId,
    b.bookingRef,
    newHotelRef(),
    hash,
    b.bookedAt ?? new Date().toISOString(),
    ...Object.values(values),
  ];
  const [inserted] = await tx.query<Stored>(
    `insert into reservations (property_id, booking_ref, hotel_ref, payload_hash, booked_at, state, ${keys.join(', ')})
     values ($1, $2, $3, $4, $5, 'reserved', ${keys.map((_, i) => `$${i + 6}`).join(', ')})
     on conflict (property_id, booking_ref) do nothing returning ${RECEIPT}`,
    params,
  );
  if (!inserted) {
    // A retry, or the same booking sent twice at once: the first one's answer, when the payload is the same.
    const [existing] = await tx.query<Stored>(
      `select ${RECEIPT} from reservations where property_id = $1 and booking_ref = $2`,
      [b.propertyId, b.bookingRef],
    );
    if (existing.payloadHash !== hash && !(await sameAsBooked(tx, b.propertyId, existing.id, hash)))
      throw userError(RESERVATION_MESSAGES.refTaken, 'CONFLICT');
    return { receipt: receipt(existing), changed: null };
  }
  const overbooked = await flagOverbooking(tx, b.propertyId, inserted.id, b.roomTypeId);
  await tx.query(
    `insert into reservation_events (property_id, reservation_id, kind, changes) values ($1, $2, 'booked', $3)`,
    [b.propertyId, inserted.id, JSON.stringify({ payloadHash: hash })],
  );
  await queueBookingEmail(tx, b.propertyId, inserted.id, 'booked', b.paymentMethod);
  await writeAudit(tx, auditEntry(ctx, 'reservation.booked', b.propertyId, inserted.hotelRef));
  return { receipt: { ...receipt(inserted), overbooked }, changed: 'booked' as const };
}

/** A `new` retried after a modification still names the booking it first made. */
async function sameAsBooked(tx: Queryable, propertyId: number, id: string, hash: string) {
  const rows = await tx.query(
    `select 1 from reservation_events where property_id = $1 and reservation_id = $2 and kind = 'booked' and changes->>'payloadHash' = $3`,
    [propertyId, id, hash],
  );
  return rows.length > 0;
}

async function modify(tx: Queryable, b: BookingInput, names: Names, ctx: AppContext) {
  const { values, hash } = columns(b, names);
  const current = await lockBooking(tx, b.propertyId, b.bookingRef);
  if (current.payloadHash === hash) return { receipt: receipt(current), changed: null };
  if (current.state === 'cancelled') throw userError(RESERVATION_MESSAGES.cancelledBooking, 'CONFLICT');
  for (const rt of [current.roomTypeId, b.roomTypeId].sort())
    await lockRoomType(tx, { propertyId: b.propertyId, roomTypeId: rt });
  const changes: Record<string, unknown> = {};
  for (const k of DIFFED) {
    const before = current.row[k] == null ? null : String(current.row[k]);
    const after =
      (values as Record<string, unknown>)[k] == null ? null : String((values as Record<string, unknown>)[k]);
    if (before !== after) changes[k] = [before, after];
  }
  for (const k of PRIVATE)
    if (String(current.row[k] ?? '') !== String((values as Record<string, unknown>)[k] ?? '')) changes[k] = 'changed';
  const keys = Object.keys(values);
  const [updated] = await tx.query<Stored>(
    `update reservations set ${keys.map((k, i) => `${k} = $${i + 4}`).join(', ')}, payload_hash = $3, modified_at = now(), version = version + 1
      where property_id = $1 and id = $2 returning ${RECEIPT}`,
    [b.propertyId, current.id, hash, ...Object.values(values)],
  );
  const overbooked = await flagOverbooking(tx, b.propertyId, updated.id, b.roomTypeId);
  await tx.query(
    `insert into reservation_events (property_id, reservation_id, kind, changes) values ($1, $2, 'modified', $3)`,
    [b.propertyId, current.id, JSON.stringify(changes)],
  );
  await queueBookingEmail(tx, b.propertyId, current.id, 'modified', b.paymentMethod);
  await writeAudit(tx, auditEntry(ctx, 'reservation.modified', b.propertyId, current.hotelRef));
  return { receipt: { ...receipt(updated), overbooked }, changed: 'modified' as const };
}

async function cancel(tx: Queryable, propertyId: number, bookingRef: string, ctx: AppContext) {
  const current = await lockBooking(tx, propertyId, bookingRef);
  if (current.state === 'cancelled') return { receipt: receipt(current), changed: null };
  const [updated] = await tx.query<Stored>(
    `update reservations set state = 'cancelled', cancelled_at = now(), overbooked = false, version = version + 1
      where property_id = $1 and id = $2 returning ${RECEIPT}`,
    [propertyId, current.id],
  );
  await tx.query(`insert into reservation_events (property_id, reservation_id, kind) values ($1, $2, 'cancelled')`, [
    propertyId,
    current.id,
  ]);
  await queueBookingEmail(tx, propertyId, current.id, 'cancelled', String(current.row.payment_method));
  await writeAudit(tx, auditEntry(ctx, 'reservation.cancelled', propertyId, current.hotelRef));
  return { receipt: receipt(updated), changed: 'cancelled' as const };
}

async function lockBooking(tx: Queryable, propertyId: number, bookingRef: string): Promise<Stored> {
  // Dates and amounts as text, written as a booking's columns are (a driver's Date or Number would differ from them).
  const [row] = await tx.query<Record<string, unknown>>(
    `select *, ${RECEIPT}, to_char(check_in, 'YYYY-MM-DD') as ci, to_char(check_out, 'YYYY-MM-DD') as co,
            to_char(vcc_activation_date, 'YYYY-MM-DD') as activation, total::text as total_text, vcc_amount::text as vcc_amount_text
       from reservations where property_id = $1 and booking_ref = $2 for update`,
    [propertyId, bookingRef],
  );
  if (!row) throw userError(RESERVATION_MESSAGES.unknownBooking, 'NOT_FOUND');
  const r = row as unknown as Stored;
  return {
    ...r,
    row: {
      ...row,
      check_in: row.ci,
      check_out: row.co,
      total: row.total_text,
      vcc_activation_date: row.activation,
      vcc_amount: row.vcc_amount_text,
    },
  };
}

/**
 * Counts the stay's nights against rooms to sell (under the room type's lock, shared with rates
 * saves): a night where reserved stays outnumber the rooms flags the booking. It is accepted anyway.
 */
async function flagOverbooking(tx: Queryable, propertyId: number, id: string, roomTypeId: string) {
  const [row] = await tx.query<{ overbooked: boolean }>(
    `update reservations r set overbooked = exists (
       select 1 from room_inventory i
        where i.property_id = r.property_id and i.room_type_id = r.room_type_id
          and i.day >= r.check_in and i.day < r.check_out and i.rooms_to_sell is not null
          and i.rooms_to_sell < (select count(*) from reservations o
                                  where o.property_id = r.property_id and o.room_type_id = r.room_type_id and o.state = 'reserved'
                                    and o.check_in <= i.day and o.check_out > i.day))
      where r.property_id = $1 and r.id = $2 and r.room_type_id = $3 returning overbooked`,
    [propertyId, id, roomTypeId],
  );
  return row?.overbooked ?? false;
}

const receipt = (s: Stored): BookingReceipt => ({
  hotelRef: s.hotelRef,
  bookingRef: s.bookingRef,
  state: s.state,
  version: s.version,
  overbooked: s.overbooked,
});

const auditEntry = (ctx: AppContext, action: string, propertyId: number, hotelRef: string) => ({
  actorUserId: null,
  action,
  subjectType: 'Reservation',
  subjectId: hotelRef,
  propertyId,
  correlationId: ctx.correlationId,
});
