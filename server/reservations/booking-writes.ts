import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { refused } from '../commands/refusals';
import type { FieldChange, HistoryEntry } from '../commands/history';
import { lockRoomType, lockRoomTypes } from '../rates/write-cells';
import {
  RESERVATION_MESSAGES,
  VCC_METHODS,
  type BookingInput,
  type PaymentMethod,
} from '../../resources/reservations/reservations.schema';
import type { BookingEventKind } from './booking-notifications';
import { OVERBOOKED, refreshOverbooking } from './overbooking';

export type BookingReceipt = {
  hotelRef: string;
  bookingRef: string;
  state: string;
  version: number;
  overbooked: boolean;
};
export type Stored = BookingReceipt & { id: string; payloadHash: string; roomTypeId: string };
type Locked = Stored & { row: Record<string, unknown> };
export type Columns = { values: Record<string, unknown>; hash: string };
/** What a booking message did, and its history record (null when it changed nothing: a retry). */
export type Outcome = {
  receipt: BookingReceipt;
  changed: 'booked' | 'modified' | 'cancelled' | null;
  history: HistoryEntry | null;
};

export const RECEIPT = `hotel_ref as "hotelRef", booking_ref as "bookingRef", state, version, overbooked, id::text as id,
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
/** Recorded as changed without their values: the history is read by roles that may not see them. */
const PRIVATE = ['guest_email', 'guest_phone', 'card_masked', 'card_expiry', 'vcc_activation_date', 'vcc_amount'];

/** Crockford base32 without I, L, O, U: a reference read over the phone is not misheard. */
const REF_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newHotelRef = () => `HX${Array.from({ length: 6 }, () => REF_ALPHABET[randomInt(32)]).join('')}`;

export const receipt = (s: Stored): BookingReceipt => ({
  hotelRef: s.hotelRef,
  bookingRef: s.bookingRef,
  state: s.state,
  version: s.version,
  overbooked: s.overbooked,
});

/**
 * The row is inserted before the room type's lock is taken: only the overbooked flag needs the
 * lock, and its statement (read committed) sees every stay committed before the lock was granted.
 * A second copy sent at once waits on the first's row, not on the lock, and answers its receipt.
 * The lock is held for the flag, the history record and the commit alone, so bookings of one room
 * type queue for less time.
 */
export async function createBooking(tx: Queryable, b: BookingInput, c: Columns): Promise<Outcome> {
  const keys = Object.keys(c.values);
  const [inserted] = await tx.query<Stored>(
    `insert into reservations (property_id, booking_ref, hotel_ref, payload_hash, booked_at, state, ${keys.join(', ')})
     values ($1, $2, $3, $4, $5, 'reserved', ${keys.map((_, i) => `$${i + 6}`).join(', ')})
     on conflict (property_id, booking_ref) do nothing returning ${RECEIPT}`,
    [
      b.propertyId,
      b.bookingRef,
      newHotelRef(),
      c.hash,
      b.bookedAt ?? new Date().toISOString(),
      ...Object.values(c.values),
    ],
  );
  if (!inserted) {
    // The same booking sent twice at once: the first one's answer, when the payload is the same.
    const [existing] = await tx.query<Stored>(
      `select ${RECEIPT} from reservations where property_id = $1 and booking_ref = $2`,
      [b.propertyId, b.bookingRef],
    );
    if (existing.payloadHash !== c.hash && !(await sameAsBooked(tx, b.propertyId, existing.id, c.hash)))
      throw refused(RESERVATION_MESSAGES.refTaken);
    return { receipt: receipt(existing), changed: null, history: null };
  }
  await lockRoomType(tx, { propertyId: b.propertyId, roomTypeId: b.roomTypeId });
  const overbooked = await recordChange(tx, {
    propertyId: b.propertyId,
    id: inserted.id,
    kind: 'booked',
    changes: { payloadHash: c.hash },
    method: b.paymentMethod,
    flag: true,
  });
  return {
    receipt: { ...receipt(inserted), overbooked },
    changed: 'booked',
    history: bookingHistory('reservation.booked', b.propertyId, inserted.hotelRef, [
      { field: 'state', before: null, after: 'reserved' },
    ]),
  };
}

/** A `new` retried after a modification still names the booking it first made. */
export async function sameAsBooked(db: Queryable, propertyId: number, id: string, hash: string) {
  const rows = await db.query(
    `select 1 from reservation_events where property_id = $1 and reservation_id = $2 and kind = 'booked' and changes->>'payloadHash' = $3`,
    [propertyId, id, hash],
  );
  return rows.length > 0;
}

export async function modifyBooking(tx: Queryable, b: BookingInput, c: Columns): Promise<Outcome> {
  const current = await lockBooking(tx, b.propertyId, b.bookingRef);
  if (current.payloadHash === c.hash) return { receipt: receipt(current), changed: null, history: null };
  if (current.state === 'cancelled') throw refused(RESERVATION_MESSAGES.cancelledBooking);
  // Every writer of several room types locks them in one order (lockRoomTypes: by id, as numbers).
  await lockRoomTypes(
    tx,
    [...new Set([current.roomTypeId, b.roomTypeId])].map((roomTypeId) => ({ propertyId: b.propertyId, roomTypeId })),
  );
  const changes: Record<string, unknown> = {};
  const text = (v: unknown) => (v == null ? null : String(v));
  for (const k of DIFFED)
    if (text(current.row[k]) !== text(c.values[k])) changes[k] = [text(current.row[k]), text(c.values[k])];
  for (const k of PRIVATE) if ((text(current.row[k]) ?? '') !== (text(c.values[k]) ?? '')) changes[k] = 'changed';
  const keys = Object.keys(c.values);
  const [updated] = await tx.query<Stored>(
    `update reservations set ${keys.map((k, i) => `${k} = $${i + 4}`).join(', ')}, payload_hash = $3, modified_at = now(), version = version + 1
      where property_id = $1 and id = $2 returning ${RECEIPT}`,
    [b.propertyId, current.id, c.hash, ...Object.values(c.values)],
  );
  await refreshOverbooking(tx, b.propertyId, stayOf(current));
  const overbooked = await recordChange(tx, {
    propertyId: b.propertyId,
    id: current.id,
    kind: 'modified',
    changes,
    method: b.paymentMethod,
    flag: true,
  });
  const fields: FieldChange[] = Object.entries(changes).map(([field, v]) =>
    Array.isArray(v) ? { field, before: v[0], after: v[1] } : { field, before: 'changed', after: 'changed' },
  );
  return {
    receipt: { ...receipt(updated), overbooked },
    changed: 'modified',
    history: bookingHistory('reservation.modified', b.propertyId, current.hotelRef, fields),
  };
}

export async function cancelBooking(tx: Queryable, propertyId: number, bookingRef: string): Promise<Outcome> {
  const current = await lockBooking(tx, propertyId, bookingRef);
  if (current.state === 'cancelled') return { receipt: receipt(current), changed: null, history: null };
  await lockRoomType(tx, { propertyId, roomTypeId: current.roomTypeId });
  const [updated] = await tx.query<Stored>(
    `update reservations set state = 'cancelled', cancelled_at = now(), overbooked = false, version = version + 1
      where property_id = $1 and id = $2 returning ${RECEIPT}`,
    [propertyId, current.id],
  );
  await refreshOverbooking(tx, propertyId, stayOf(current));
  await recordChange(tx, {
    propertyId,
    id: current.id,
    kind: 'cancelled',
    changes: null,
    method: String(current.row.payment_method),
    flag: false,
  });
  return {
    receipt: receipt(updated),
    changed: 'cancelled',
    history: bookingHistory('reservation.cancelled', propertyId, current.hotelRef, [
      { field: 'state', before: current.state, after: 'cancelled' },
    ]),
  };
}

/**
 * After a booking's row is written, in one statement: its overbooked flag (when `flag`), its
 * event, an email to the reservations contact when they ticked confirmation emails (spec §5; with
 * the VCC section only when they ticked VCC details and the booking is paid by VCC). Returns the flag.
 */
async function recordChange(
  tx: Queryable,
  e: {
    propertyId: number;
    id: string;
    kind: BookingEventKind;
    changes: Record<string, unknown> | null;
    method: string;
    flag: boolean;
  },
): Promise<boolean> {
  const [row] = await tx.query<{ overbooked: boolean | null }>(
    `with ${e.flag ? `flag as (update reservations r set overbooked = ${OVERBOOKED} where r.property_id = $1 and r.id = $2 returning overbooked),` : ''}
     event as (insert into reservation_events (property_id, reservation_id, kind, changes) values ($1, $2, $3, $4)),
     email as (insert into booking_notifications (property_id, reservation_id, kind, recipient, include_vcc)
               select property_id, $2, $3, email, coalesce(vcc_in_email, false) and $5
                 from contacts where property_id = $1 and contact_type = 'RESERVATION' and confirmation_emails)
     select ${e.flag ? '(select overbooked from flag)' : 'null'} as overbooked`,
    [
      e.propertyId,
      e.id,
      e.kind,
      e.changes && JSON.stringify(e.changes),
      VCC_METHODS.includes(e.method as PaymentMethod),
    ],
  );
  return row?.overbooked ?? false;
}

const stayOf = (l: Locked) => ({
  roomTypeId: l.roomTypeId,
  checkIn: String(l.row.check_in),
  checkOut: String(l.row.check_out),
});

async function lockBooking(tx: Queryable, propertyId: number, bookingRef: string): Promise<Locked> {
  // Dates and amounts as text, written as a booking's columns are (a driver's Date or Number would differ from them).
  const [row] = await tx.query<Record<string, unknown>>(
    `select *, ${RECEIPT}, to_char(check_in, 'YYYY-MM-DD') as ci, to_char(check_out, 'YYYY-MM-DD') as co,
            to_char(vcc_activation_date, 'YYYY-MM-DD') as activation, total::text as total_text, vcc_amount::text as vcc_amount_text
       from reservations where property_id = $1 and booking_ref = $2 for update`,
    [propertyId, bookingRef],
  );
  if (!row) throw userError(RESERVATION_MESSAGES.unknownBooking, 'NOT_FOUND');
  return {
    ...(row as unknown as Stored),
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

/** A booking's history record: "Booking HX003B37"; guest and card fields are named as changed, never with their values. */
const bookingHistory = (
  action: string,
  propertyId: number,
  hotelRef: string,
  changes: FieldChange[],
): HistoryEntry => ({
  action,
  subjectType: 'Reservation',
  subjectId: hotelRef,
  propertyId,
  label: `Booking ${hotelRef}`,
  changes,
});
