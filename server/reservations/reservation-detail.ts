import type { AppContext } from '../context';
import { authorizeProperty, canOnProperty } from '../auth/authorize';
import { userError } from '../errors';
import { RESERVATION_MESSAGES } from '../../resources/reservations/reservations.schema';
import { RESERVATION_ROW } from './reservations-query';

const HOTEL_REF = /^[A-Z0-9]{2,20}$/;

/**
 * One booking by its hotel reference, with its history. Guest contact details and card data are
 * left out for roles that may not read them (see abilities); booking emails are shown to staff.
 * An unknown reference, or another property's, is the same NOT_FOUND.
 */
export async function reservationDetail(ctx: AppContext, args: { propertyId: unknown; hotelRef: unknown }) {
  const facts = await authorizeProperty(ctx, args.propertyId, 'read', 'Reservation');
  const ref = String(args.hotelRef ?? '').toUpperCase();
  if (!HOTEL_REF.test(ref)) throw userError(RESERVATION_MESSAGES.notFound, 'NOT_FOUND');
  const [row] = await ctx.db.query<Record<string, any>>(
    `select ${RESERVATION_ROW}, r.guest_email as "guestEmail", r.guest_phone as "guestPhone", r.special_requests as "specialRequests",
            r.card_masked as "cardMasked", r.card_expiry as "cardExpiry", to_char(r.vcc_activation_date, 'YYYY-MM-DD') as "activationDate",
            r.vcc_amount::text as "vccAmount", r.version,
            to_char(r.modified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "modifiedAt",
            to_char(r.cancelled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "cancelledAt",
            (select coalesce(json_agg(json_build_object('kind', e.kind, 'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'changes', e.changes) order by e.id), '[]'::json)
               from reservation_events e where e.property_id = r.property_id and e.reservation_id = r.id) as events,
            (select coalesce(json_agg(json_build_object('kind', n.kind, 'recipient', n.recipient, 'status', n.status, 'attempts', n.attempts,
                      'lastError', n.last_error, 'includeVcc', n.include_vcc,
                      'sentAt', to_char(n.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) order by n.id), '[]'::json)
               from booking_notifications n where n.property_id = r.property_id and n.reservation_id = r.id) as emails
       from reservations r where r.property_id = $1 and r.hotel_ref = $2`,
    [facts.propertyId, ref],
  );
  if (!row) throw userError(RESERVATION_MESSAGES.notFound, 'NOT_FOUND');
  const [contact, card, staff] = await Promise.all([
    canOnProperty(ctx, facts, 'read', 'GuestContact'),
    canOnProperty(ctx, facts, 'read', 'PaymentCard'),
    Promise.resolve(Boolean(ctx.viewer?.isStaff)),
  ]);
  const { events, emails, guestEmail, guestPhone, cardMasked, cardExpiry, activationDate, vccAmount, ...rest } = row;
  return {
    ...rest,
    guestContactShown: contact,
    guestEmail: contact ? guestEmail : null,
    guestPhone: contact ? guestPhone : null,
    cardShown: card,
    card: card && cardMasked ? { masked: cardMasked, expiry: cardExpiry, activationDate, amount: vccAmount } : null,
    history: (events as { kind: string; at: string; changes: Record<string, unknown> | null }[]).map((e) => ({
      kind: e.kind,
      at: e.at,
      changes:
        e.kind === 'modified' && e.changes
          ? Object.entries(e.changes).map(([field, v]) =>
              Array.isArray(v) ? { field, before: v[0], after: v[1] } : { field, before: null, after: null },
            )
          : [],
    })),
    emails: staff ? emails : null,
  };
}
