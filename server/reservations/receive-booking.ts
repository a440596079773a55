import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { runCommand } from '../commands/run-command';
import { fieldErrors } from '../../resources/rates-inventory/rates-inventory.schema';
import {
  bookingSchema,
  cancelSchema,
  controlCharacterIssues,
  nightsBetween,
  RESERVATION_MESSAGES,
  type BookingInput,
} from '../../resources/reservations/reservations.schema';
import { maskCard } from '../../resources/reservations/card-numbers';
import { API_KEY_HEADER, authenticateApiKey, checkKeyScope, touchApiKey } from './api-keys';
import {
  cancelBooking,
  createBooking,
  modifyBooking,
  RECEIPT,
  receipt,
  sameAsBooked,
  type BookingReceipt,
  type Columns,
  type Outcome,
  type Stored,
} from './booking-writes';

export type { BookingReceipt };

const invalidBooking = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  userError(RESERVATION_MESSAGES.invalid, 'BAD_USER_INPUT', fieldErrors(issues));
const propertyNotFound = () => userError('Property not found.', 'NOT_FOUND');

/**
 * The brand's booking system sends a new, modified or cancelled booking (header x-api-key). It is
 * idempotent on the booking reference: the same payload again (a retry, or two at once) changes
 * nothing and gets the same receipt. The nights count against rooms to sell; an overbooking is
 * accepted and flagged. Emails to the reservations contact are queued in the same transaction.
 */
export async function receiveBooking(ctx: AppContext, input: unknown): Promise<BookingReceipt> {
  const sentKey = ctx.request.headers.get(API_KEY_HEADER);
  const action = (input as { action?: unknown } | null)?.action;
  const control = controlCharacterIssues(input);
  const parsed = action === 'cancel' ? cancelSchema().safeParse(input) : bookingSchema().safeParse(input);
  if (control.length || !parsed.success) {
    await authenticateApiKey(ctx.db, sentKey); // only a caller with a key learns what is wrong with the input
    throw invalidBooking(control.length ? control : parsed.error!.issues);
  }
  const booking = parsed.data;
  // The key and the booking it names in one round trip, so a retry is answered from one read: no transaction, no lock.
  const key = await authenticateApiKey<Stored>(ctx.db, sentKey, {
    sql: `select ${RECEIPT} from reservations where property_id = $2 and booking_ref = $3`,
    params: [booking.propertyId, booking.bookingRef],
  });
  checkKeyScope(key, booking.propertyId);
  touchApiKey(ctx.db, key.id);
  const known = key.extra;
  const columns = booking.action === 'cancel' ? null : columnsOf(booking);
  if (known && (columns ? known.payloadHash === columns.hash : known.state === 'cancelled')) return receipt(known);
  if (known && booking.action === 'new' && (await sameAsBooked(ctx.db, booking.propertyId, known.id, columns!.hash)))
    return receipt(known);

  // The booking system's key is who made the change; each booking message is one command.
  const asKey = { db: ctx.db, actor: { userId: null, apiKeyId: key.id }, correlationId: ctx.correlationId };
  const history = (o: Outcome) => o.history;
  let result: Outcome;
  if (booking.action === 'cancel') {
    if (!known && !(await ctx.db.query('select 1 from properties where id = $1', [booking.propertyId])).length)
      throw propertyNotFound();
    result = await runCommand(asKey, {
      authorize: () => key,
      write: (tx) => cancelBooking(tx, booking.propertyId, booking.bookingRef),
      history,
    });
  } else {
    const c = { ...columns!, values: { ...columns!.values, ...(await checkBooking(ctx.db, booking)) } };
    result = await runCommand(asKey, {
      authorize: () => key,
      write: (tx) => (booking.action === 'new' ? createBooking(tx, booking, c) : modifyBooking(tx, booking, c)),
      history,
    });
  }
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

/**
 * The property, its room type and the rate plan in one read: a missing property is NOT_FOUND; a
 * room type or plan that is not the property's, or a currency that is not its, is bad input.
 * Returns the names the booking keeps (as booked, whatever is renamed later).
 */
async function checkBooking(db: Queryable, b: BookingInput) {
  const [row] = await db.query<{ currency: string; room: string | null; plan: string | null; sells: boolean }>(
    `select trim(p.currency_code) as currency, rt.name as room, rp.name as plan,
            exists (select 1 from rate_plan_room_types l where l.owner_id = rp.id and l.ref_id = rt.id) as sells
       from properties p
       left join room_types rt on rt.property_id = p.id and rt.id = $2::bigint
       left join rate_plans rp on rp.property_id = p.id and rp.id = $3::bigint
      where p.id = $1`,
    [b.propertyId, b.roomTypeId, b.ratePlanId],
  );
  if (!row) throw propertyNotFound();
  const issues = [];
  if (!row.room) issues.push({ path: ['roomTypeId'], message: RESERVATION_MESSAGES.roomType });
  if (!row.plan || !row.sells) issues.push({ path: ['ratePlanId'], message: RESERVATION_MESSAGES.ratePlan });
  if (b.currency !== row.currency) issues.push({ path: ['currency'], message: RESERVATION_MESSAGES.currency });
  if (issues.length) throw invalidBooking(issues);
  return { room_type_name: row.room!, rate_plan_name: row.plan! };
}

/**
 * What a booking stores, and the hash a retry is recognised by: of what was sent (ids, not the
 * names read for them), with the card masked (a hash of a full number could be reversed).
 */
function columnsOf(b: BookingInput): Columns {
  const values = {
    guest_name: b.guest.name,
    guest_email: b.guest.email ?? null,
    guest_phone: b.guest.phone ?? null,
    adults: b.adults,
    children: b.children,
    room_type_id: b.roomTypeId,
    rate_plan_id: b.ratePlanId,
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
  return { values, hash: createHash('sha256').update(JSON.stringify(values)).digest('hex') };
}
