import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { bookingMail, type BookingMailData } from '../mail/booking-mail';

/** Attempts before a booking email is given up as failed (about a day with the back-off below). */
export const MAX_EMAIL_ATTEMPTS = 8;
const BACKOFF_MINUTES = [1, 5, 15, 30, 60, 120, 240, 480];
/** How often the server looks for emails due again. */
const SWEEP_MS = 30_000;

export type BookingEventKind = 'booked' | 'modified' | 'cancelled';
type Kind = BookingEventKind;

export type Notifier = {
  /** Sends what is due soon, after the current transaction committed. */
  kick(): void;
  /** Sends every email due now; resolves when done (tests and the sweep). */
  runDue(): Promise<void>;
  /** Resolves when no sweep is running. */
  idle(): Promise<void>;
  stop(): void;
};

export function createNotifier(deps: {
  db: Db;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  sweep?: boolean;
}): Notifier {
  let running: Promise<void> | null = null;
  let again = false;
  let scheduled = false;

  async function sweep() {
    do {
      again = false;
      // Claimed with a lease (a process that dies mid-send leaves them due again in five minutes),
      // each with its booking as the email shows it: one statement for up to 20 emails.
      const due = await deps.db.query<Due>(
        `with claimed as (
           update booking_notifications n set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
            where (property_id, id) in (select property_id, id from booking_notifications
                                          where status = 'pending' and next_attempt_at <= now()
                                          order by next_attempt_at limit 20 for update skip locked)
            returning property_id, id, reservation_id, kind, recipient, include_vcc, attempts)
         select c.property_id, c.id::text, c.kind, c.recipient, c.include_vcc, c.attempts, ${MAIL_COLUMNS}
           from claimed c
           left join reservations r on r.property_id = c.property_id and r.id = c.reservation_id
           left join properties p on p.id = c.property_id`,
      );
      for (const n of due) await deliver(n);
      if (due.length === 20) again = true;
    } while (again);
  }

  async function deliver(n: Due) {
    try {
      await deps.mailer.deliver(bookingMail(n.recipient, mailData(n, deps.publicUrl)), deps.log);
      await deps.db.query(
        `update booking_notifications set status = 'sent', sent_at = now(), last_error = null where property_id = $1 and id = $2`,
        [n.property_id, n.id],
      );
    } catch (error) {
      const gaveUp = n.attempts >= MAX_EMAIL_ATTEMPTS;
      const minutes = BACKOFF_MINUTES[Math.min(n.attempts, BACKOFF_MINUTES.length) - 1];
      deps.log.warn(
        { event: 'booking_email.failed', notification: n.id, attempts: n.attempts, gaveUp },
        'A booking email could not be sent; it will be retried',
      );
      await deps.db
        .query(
          `update booking_notifications set status = $3, last_error = $4, next_attempt_at = now() + make_interval(mins => $5)
            where property_id = $1 and id = $2`,
          [n.property_id, n.id, gaveUp ? 'failed' : 'pending', 'Mail delivery failed.', minutes],
        )
        .catch(() => undefined);
    }
  }

  function runDue() {
    if (running) {
      again = true;
      return running;
    }
    running = sweep()
      .catch((error: Error) => deps.log.error({ err: { message: error.message } }, 'Booking email sweep failed'))
      .finally(() => (running = null));
    return running;
  }

  const timer = deps.sweep === false ? null : setInterval(() => void runDue(), SWEEP_MS);
  timer?.unref();
  return {
    kick() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        void runDue();
      });
    },
    runDue,
    async idle() {
      while (scheduled || running) await (running ?? new Promise((r) => setImmediate(r)));
    },
    stop: () => timer && clearInterval(timer),
  };
}

/** What a booking email shows, read with its claim (dates and the activation date as the booking's text). */
const MAIL_COLUMNS = `p.name as property_name, r.hotel_ref, r.booking_ref, r.guest_name, r.nights, r.adults, r.children,
  r.room_type_name, r.rate_plan_name, r.total, r.currency, r.payment_method, r.special_requests, r.card_masked,
  r.card_expiry, r.vcc_amount, to_char(r.check_in, 'YYYY-MM-DD') as ci, to_char(r.check_out, 'YYYY-MM-DD') as co,
  to_char(r.vcc_activation_date, 'YYYY-MM-DD') as activation`;

/** A claimed email and its booking's columns (MAIL_COLUMNS; null when the booking is gone). */
type Due = {
  property_id: number;
  id: string;
  kind: Kind;
  recipient: string;
  include_vcc: boolean;
  attempts: number;
} & Record<string, any>;

function mailData(r: Due, publicUrl: string): BookingMailData {
  if (r.hotel_ref == null) throw new Error('The booking of this email is not there.');
  const vcc = r.include_vcc && r.card_masked;
  return {
    kind: r.kind,
    propertyName: r.property_name,
    hotelRef: r.hotel_ref,
    bookingRef: r.booking_ref,
    guestName: r.guest_name,
    checkIn: r.ci,
    checkOut: r.co,
    nights: r.nights,
    adults: r.adults,
    children: r.children,
    roomTypeName: r.room_type_name,
    ratePlanName: r.rate_plan_name,
    total: Number(r.total).toFixed(2),
    currency: String(r.currency).trim(),
    paymentMethod: r.payment_method,
    specialRequests: r.special_requests,
    vcc: vcc
      ? {
          cardMasked: r.card_masked,
          expiry: r.card_expiry,
          activationDate: r.activation,
          amount: Number(r.vcc_amount).toFixed(2),
        }
      : null,
    link: `${publicUrl}/properties/${r.property_id}/reservations/${r.hotel_ref}`,
  };
}
