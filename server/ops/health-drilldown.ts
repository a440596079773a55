import type { AppContext } from '../context';
import { userError } from '../errors';
import { idArg } from '../input-args';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { KEPT_REFUSALS } from '../reservations/intake-refusals';
import type { ChannelState } from '../../resources/reservations/channel-states';

/**
 * The health page's drill-down (issue 30): which booking emails failed or are retrying, with a
 * Retry now, and what the booking intake refused lately. Staff only (the callers check).
 */
export const HEALTH_MESSAGES = {
  retried: (to: string) => `The email to ${to} goes again now.`,
  alreadySent: 'That email has been sent already.',
  notFound: 'Booking email not found.',
} as const;

type EmailRow = {
  property_id: number;
  id: string;
  property_name: string;
  hotel_ref: string;
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
};

/** Booking emails failed or waiting to retry, newest first (the partial index of migration 0050). */
export async function bookingEmailTrouble(ctx: AppContext) {
  const rows = await ctx.db.query<EmailRow>(
    `select n.property_id, n.id::text as id, p.name as property_name, r.hotel_ref, n.kind, n.recipient, n.status,
            n.attempts, n.last_error, n.next_attempt_at, n.created_at
       from booking_notifications n
       join properties p on p.id = n.property_id
       join reservations r on r.property_id = n.property_id and r.id = n.reservation_id
      where n.status = 'failed' or (n.status = 'pending' and n.attempts > 0)
      order by n.created_at desc limit 200`,
  );
  return rows.map((r) => ({
    propertyId: r.property_id,
    id: r.id,
    propertyName: r.property_name,
    hotelRef: r.hotel_ref,
    kind: r.kind,
    recipient: r.recipient,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' ? new Date(r.next_attempt_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Sends a failed or waiting booking email again at once: one command, one record in the property's history. */
export async function retryBookingEmail(ctx: AppContext, args: { propertyId: unknown; id: unknown }) {
  const propertyId = Number(idArg('propertyId', args.propertyId));
  const id = idArg('id', args.id);
  const row = await runCommand(ctx, {
    authorize: () => null,
    lock: async (tx) => {
      const [r] = await tx.query<{ status: string; recipient: string; attempts: number; hotel_ref: string }>(
        `select n.status, n.recipient, n.attempts, r.hotel_ref from booking_notifications n
           join reservations r on r.property_id = n.property_id and r.id = n.reservation_id
          where n.property_id = $1 and n.id = $2 for update of n`,
        [propertyId, id],
      );
      if (!r) throw userError(HEALTH_MESSAGES.notFound, 'NOT_FOUND');
      return r;
    },
    check: (r) => {
      if (r.status === 'sent') throw refused(HEALTH_MESSAGES.alreadySent);
    },
    write: async (tx, r) => {
      await tx.query(
        `update booking_notifications set status = 'pending', attempts = 0, next_attempt_at = now()
          where property_id = $1 and id = $2`,
        [propertyId, id],
      );
      return r;
    },
    history: (r) => ({
      action: 'booking_email.retry',
      subjectType: 'Reservation',
      subjectId: r.hotel_ref,
      propertyId,
      label: `Booking email: ${r.hotel_ref} to ${r.recipient}`,
      before: { status: r.status, attempts: r.attempts },
      after: { status: 'pending', attempts: 0 },
    }),
  });
  ctx.notifier.kick();
  return { message: HEALTH_MESSAGES.retried(row.recipient) };
}

/** The intake's kept refusals (the newest KEPT_REFUSALS), newest first, with the key's name and the property's. */
export async function intakeRefusals(ctx: AppContext) {
  const rows = await ctx.db.query<{
    id: string;
    at: Date;
    key_name: string;
    key_prefix: string;
    property_id: number | null;
    property_name: string | null;
    booking_ref: string | null;
    code: string;
    message: string;
    correlation_id: string | null;
  }>(
    `select f.id::text, f.at, k.name as key_name, k.prefix as key_prefix, f.property_id, p.name as property_name,
            f.booking_ref, f.code, f.message, f.correlation_id
       from intake_refusals f join api_keys k on k.id = f.api_key_id
       left join properties p on p.id = f.property_id
      order by f.id desc limit $1`,
    [KEPT_REFUSALS],
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    apiKey: `${r.key_name} (hxk_${r.key_prefix}…)`,
    propertyId: r.property_id,
    propertyName: r.property_name,
    bookingRef: r.booking_ref,
    code: r.code,
    message: r.message,
    correlationId: r.correlation_id,
  }));
}

/** The most key × property rows the health page lists: the properties each booking system was last active at. */
export const CHANNEL_ROWS_MAX = 200;

/**
 * Each booking system's state per property (issue 30): whether its key is connected (not revoked,
 * and still covering the property), when it last pushed a booking there (the history records its
 * key wrote) and its last refusal there with the reason. Only the properties a key has been active
 * at, newest activity first; a key that never pushed is listed once, with no property.
 */
export async function channelStates(ctx: AppContext) {
  const rows = await ctx.db.query<{
    key_id: number;
    key_name: string;
    key_prefix: string;
    revoked: boolean;
    covers: boolean | null;
    last_used_at: Date | null;
    property_id: number | null;
    property_name: string | null;
    last_push_at: Date | null;
    last_error_at: Date | null;
    last_error: string | null;
  }>(
    `with pushes as (
       select a.actor_api_key_id as key_id, a.property_id, max(a.at) as at
         from audit_log a where a.actor_api_key_id is not null and a.property_id is not null
        group by a.actor_api_key_id, a.property_id),
     refusals as (
       select distinct on (f.api_key_id, f.property_id) f.api_key_id as key_id, f.property_id, f.at, f.message
         from intake_refusals f where f.property_id is not null
        order by f.api_key_id, f.property_id, f.id desc),
     pairs as (
       select coalesce(p.key_id, r.key_id) as key_id, coalesce(p.property_id, r.property_id) as property_id,
              p.at as push_at, r.at as error_at, r.message
         from pushes p full join refusals r on r.key_id = p.key_id and r.property_id = p.property_id)
     select k.id as key_id, k.name as key_name, k.prefix as key_prefix, k.revoked_at is not null as revoked,
            case when x.property_id is null then null else k.all_properties or x.property_id = any(k.property_ids) end as covers,
            k.last_used_at, x.property_id, pr.name as property_name,
            x.push_at as last_push_at, x.error_at as last_error_at, x.message as last_error
       from api_keys k
       left join pairs x on x.key_id = k.id
       left join properties pr on pr.id = x.property_id
      order by greatest(x.push_at, x.error_at) desc nulls last, k.id
      limit $1`,
    [CHANNEL_ROWS_MAX],
  );
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((r) => ({
    apiKey: `${r.key_name} (hxk_${r.key_prefix}…)`,
    propertyId: r.property_id,
    propertyName: r.property_name,
    state: (r.revoked ? 'REVOKED' : r.covers === false ? 'NOT_COVERED' : 'CONNECTED') satisfies ChannelState,
    lastUsedAt: iso(r.last_used_at),
    lastPushAt: iso(r.last_push_at),
    lastErrorAt: iso(r.last_error_at),
    lastError: r.last_error,
  }));
}
