import { openDb } from '../../server/db/client';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import type { IntakeScope, ReservationsBench } from './reservations-bench-types';

/** Issue 16's intake row: the brand's booking system sending bookings with its API key, several at once. */
export const INTAKE_IN_FLIGHT = 12;
type Env = Record<string, string>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * INTAKE_IN_FLIGHT clients send new bookings for `seconds`; each is sent twice (every other one
 * twice at once, the rest retried after the answer) and both answers must be the same receipt.
 * Bookings per second count distinct bookings; the rows are counted by countIntake afterwards.
 */
export async function benchIntake(
  base: string,
  scope: IntakeScope,
  seconds: number,
  inFlight = INTAKE_IN_FLIGHT,
): Promise<ReservationsBench['intake']> {
  const prefix = `BENCH-${Date.now().toString(36)}-`;
  let started = 0;
  let requests = 0;
  const send = async (input: Record<string, unknown>) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': scope.key },
      body: JSON.stringify({ operationName: 'ReceiveBooking', query: RESERVATION_DOCS.receive, variables: { input } }),
    });
    const body = await res.json();
    requests++;
    if (!res.ok || body.errors || !body.data) throw new Error(`booking refused: ${JSON.stringify(body).slice(0, 300)}`);
    return JSON.stringify(body.data.receiveBooking);
  };
  const booking = (i: number) => {
    const { room, plan } = scope.sells[i % scope.sells.length];
    const nights = 1 + (i % 4);
    return {
      action: 'new',
      propertyId: scope.propertyId,
      bookingRef: `${prefix}${i}`,
      guest: { name: `Bench Guest ${i}`, email: `guest${i}@bench.example` },
      adults: 2,
      roomTypeId: room,
      ratePlanId: plan,
      checkIn: day(10 + (i % 300)),
      checkOut: day(10 + (i % 300) + nights),
      total: `${nights * 180}.00`,
      currency: scope.currency,
      paymentMethod: i % 2 ? 'invoice' : 'direct_credit',
    };
  };
  let deadline = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const i = started++;
      const input = booking(i);
      const [a, b] = i % 2 ? await Promise.all([send(input), send(input)]) : [await send(input), await send(input)];
      if (a !== b) throw new Error(`booking ${i} answered differently the second time: ${a} / ${b}`);
    }
  };
  deadline = performance.now() + 1000; // warm-up, not measured (its bookings are counted in the rows)
  await Promise.all(Array.from({ length: inFlight }, client));
  const [warm, warmRequests] = [started, requests];
  const t = performance.now();
  deadline = t + seconds * 1000;
  await Promise.all(Array.from({ length: inFlight }, client));
  const elapsed = (performance.now() - t) / 1000;
  const bookings = started - warm;
  if (bookings <= 0) throw new Error('bench intake sent no bookings');
  return {
    bookings: started,
    requests: requests - warmRequests,
    seconds: Math.round(elapsed * 10) / 10,
    perSecond: Math.round(bookings / elapsed),
    inFlight,
    prefix,
  };
}

/** With the server stopped: one row and one 'booked' event per booking sent, none lost, none twice. */
export async function countIntake(env: Env, intake: ReservationsBench['intake']) {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    const [row] = await db.query<{ rows: string; refs: string; booked: string }>(
      `select count(*)::text as rows, count(distinct booking_ref)::text as refs,
              (select count(*) from reservation_events e join reservations r on r.property_id = e.property_id and r.id = e.reservation_id
                where e.kind = 'booked' and r.booking_ref like $1)::text as booked
         from reservations where booking_ref like $1`,
      [`${intake.prefix}%`],
    );
    if ([row.rows, row.refs, row.booked].some((n) => Number(n) !== intake.bookings))
      throw new Error(
        `intake sent ${intake.bookings} bookings; stored ${row.rows} rows, ${row.refs} refs, ${row.booked} booked events`,
      );
  } finally {
    await db.close();
  }
}
