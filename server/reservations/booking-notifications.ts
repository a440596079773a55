import type { Db, Queryable } from '../db/client';
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
      // Claimed with a lease: a process that dies mid-send leaves them due again in five minutes.
      const due = await deps.db.query<{
        property_id: number;
        id: string;
        reservation_id: string;
        kind: Kind;
        recipient: string;
        include_vcc: boolean;
        attempts: number;
      }>(
        `update booking_notifications n set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
          where (property_id, id) in (select property_id, id from booking_notifications
                                        where status = 'pending' and next_attempt_at <= now()
                                        order by next_attempt_at limit 20 for update skip locked)
          returning property_id, id::text, reservation_id::text, kind, recipient, include_vcc, attempts`,
      );
      for (const n of due) await deliver(n);
      if (due.length === 20) again = true;
    } while (again);
  }

  async function deliver(n: {
    property_id: number;
    id: string;
    reservation_id: string;
    kind: Kind;
    recipient: string;
    include_vcc: boolean;
    attempts: number;
  }) {
    try {
      const data = await mailData(deps.db, n.property_id, n.reservation_id, n.kind, n.include_vcc, deps.publicUrl);
      await deps.mailer.deliver(bookingMail(n.recipient, data), deps.log);
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

async function mailData(
  db: Queryable,
  propertyId: number,
  reservationId: string,
  kind: Kind,
  includeVcc: boolean,
  publicUrl: string,
): Promise<BookingMailData> {
  const [r] = await db.query<Record<string, any>>(
    `select r.*, p.name as property_name, to_char(r.check_in, 'YYYY-MM-DD') as ci, to_char(r.check_out, 'YYYY-MM-DD') as co,
            to_char(r.vcc_activation_date, 'YYYY-MM-DD') as activation
       from reservations r join properties p on p.id = r.property_id where r.property_id = $1 and r.id = $2`,
    [propertyId, reservationId],
  );
  const vcc = includeVcc && r.card_masked;
  return {
    kind,
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
    link: `${publicUrl}/properties/${propertyId}/reservations/${r.hotel_ref}`,
  };
}
