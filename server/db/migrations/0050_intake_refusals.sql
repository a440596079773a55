-- Issue 30: the booking intake's refusals of an authenticated booking system, for staff's health
-- page and worklist (by API key, property and correlation id). The newest 1,000 are kept.
create table intake_refusals (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  api_key_id integer not null references api_keys (id) on delete cascade,
  property_id integer,
  booking_ref text check (length(booking_ref) <= 100),
  code text not null check (length(code) <= 50),
  message text not null check (length(message) <= 300),
  correlation_id text check (length(correlation_id) <= 100)
);
create index intake_refusals_at on intake_refusals (at desc);
create index intake_refusals_property on intake_refusals (property_id, at desc);
-- The worklist's "overbooked nights": stays still reserved that were accepted past rooms to sell.
create index reservations_overbooked on reservations (property_id, check_out) where overbooked and state = 'reserved';
-- "Booking emails failed or retrying".
create index booking_notifications_trouble on booking_notifications (property_id)
  where status = 'failed' or (status = 'pending' and attempts > 0);
