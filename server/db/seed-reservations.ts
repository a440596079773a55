import type { Queryable } from './client';

/**
 * About 300 bookings for property 1 from 12 months back to 6 months ahead: both states, every
 * payment method, a few overlapping stays. One set-based statement per table (generate_series),
 * with values derived from the row number so the demo is the same on every fresh install.
 * VCC bookings carry only a masked card.
 */
export async function seedReservations(tx: Queryable, propertyId = 1, count = 300) {
  const sells = await tx.query<{ room: string; room_name: string; plan: string; plan_name: string }>(
    `select rt.id::text as room, rt.name as room_name, rp.id::text as plan, rp.name as plan_name
       from room_types rt join rate_plan_room_types l on l.ref_id = rt.id
       join rate_plans rp on rp.id = l.owner_id and rp.property_id = rt.property_id
      where rt.property_id = $1 order by rt.id, rp.id`,
    [propertyId],
  );
  if (!sells.length) return;
  await tx.query(
    `with pairs as (select row_number() over () - 1 as k, * from jsonb_to_recordset($2::jsonb) as x(room bigint, room_name text, plan bigint, plan_name text)),
     s as (select n, (current_date - 365 + (n * 547 / $3)::int) as ci, 1 + (n * 7 % 5) as nights,
                  (array['direct_credit', 'finance_generated_vcc', 'invoice', 'vcc'])[1 + n % 4] as method
             from generate_series(0, $3 - 1) as n),
     -- Booked 10 to 70 days before arrival, and never in the future.
     g as (select s.*, least((ci - 10 - n % 60)::timestamptz + make_interval(mins => n * 37 % 1440), now() - make_interval(hours => n % 500 + 1)) as booked
             from s)
     insert into reservations (property_id, hotel_ref, booking_ref, state, guest_name, guest_email, guest_phone, adults, children,
                               room_type_id, room_type_name, rate_plan_id, rate_plan_name, check_in, check_out, nights, total, currency,
                               payment_method, special_requests, card_masked, card_expiry, vcc_activation_date, vcc_amount,
                               booked_at, cancelled_at, payload_hash)
     select $1, 'HX' || lpad(upper(to_hex(4096 + n * 37)), 6, '0'), 'LX' || (7000000 + n * 13),
            case when n % 9 = 4 then 'cancelled' else 'reserved' end,
            (array['Olivia', 'Liam', 'Charlotte', 'Noah', 'Amelia', 'Jack', 'Isla', 'William', 'Mia', 'Oliver'])[1 + n % 10] || ' ' ||
            (array['Smith', 'Nguyen', 'Brown', 'Wilson', 'Taylor', 'Chen', 'Martin', 'Kelly', 'Singh', 'Walker', 'Ryan'])[1 + n % 11],
            'guest' || n || '@guest.example', '+61 4' || lpad((n * 7919 % 100000000)::text, 8, '0'),
            1 + n % 3, n % 4 / 3,
            p.room, p.room_name, p.plan, p.plan_name, g.ci, g.ci + g.nights, g.nights,
            (g.nights * (140 + n % 6 * 25))::numeric(12, 2), (select currency_code from properties where id = $1), g.method,
            case when n % 7 = 0 then 'Late arrival, around 10pm' end,
            case when g.method like '%vcc' then '•••• ' || lpad((1000 + n * 17 % 9000)::text, 4, '0') end,
            case when g.method like '%vcc' then lpad((1 + n % 12)::text, 2, '0') || '/28' end,
            case when g.method like '%vcc' then g.ci end,
            case when g.method like '%vcc' then (g.nights * (140 + n % 6 * 25))::numeric(12, 2) end,
            g.booked,
            case when n % 9 = 4 then least(g.booked + interval '2 days', now()) end,
            'seed-' || n
       from g join pairs p on p.k = g.n % (select count(*) from pairs)`,
    [propertyId, JSON.stringify(sells), count],
  );
  await tx.query(
    `insert into reservation_events (property_id, reservation_id, kind, at)
     select property_id, id, 'booked', booked_at from reservations where property_id = $1
     union all
     select property_id, id, 'cancelled', cancelled_at from reservations where property_id = $1 and cancelled_at is not null`,
    [propertyId],
  );
}
