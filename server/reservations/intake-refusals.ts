import type { GraphQLError } from 'graphql';
import type { AppContext } from '../context';
import { API_KEY_HEADER, authenticateApiKey } from './api-keys';

/** How many refusals staff can look back over (older ones are dropped as new ones come). */
export const KEPT_REFUSALS = 1_000;

/**
 * Keeps a refusal of the booking intake for staff (issue 30), when the caller's key is good: a
 * caller without one learns nothing and leaves nothing, so nobody can push real refusals out.
 * Never the key itself; the payload only as its property and booking reference. A failure to keep
 * it never changes the answer the booking system gets.
 */
export async function keepRefusal(ctx: AppContext, input: unknown, error: unknown): Promise<void> {
  const code = String((error as GraphQLError)?.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
  if (code === 'UNAUTHENTICATED') return;
  try {
    const key = await authenticateApiKey(ctx.db, ctx.request.headers.get(API_KEY_HEADER));
    const body = (input ?? {}) as { propertyId?: unknown; bookingRef?: unknown };
    const propertyId =
      Number.isSafeInteger(body.propertyId) && (body.propertyId as number) > 0 && (body.propertyId as number) < 2 ** 31
        ? (body.propertyId as number)
        : null;
    const ref = typeof body.bookingRef === 'string' ? body.bookingRef.slice(0, 100) : null;
    const message = error instanceof Error ? error.message.slice(0, 300) : 'Refused';
    await ctx.db.query(
      `with kept as (
         insert into intake_refusals (api_key_id, property_id, booking_ref, code, message, correlation_id)
         values ($1, $2, $3, $4, $5, $6) returning id)
       delete from intake_refusals where id <= (select id from kept) - $7`,
      [key.id, propertyId, ref, code.slice(0, 50), message, ctx.correlationId?.slice(0, 100) ?? null, KEPT_REFUSALS],
    );
  } catch (e) {
    ctx.log.warn({ err: e, event: 'intake.refusal_not_kept' }, 'An intake refusal could not be kept');
  }
}
