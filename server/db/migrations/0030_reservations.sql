-- Reservations (issue 16): a real table, keyed by property first (see "Scaling out" in the README).
-- The brand's booking system owns a booking; the portal only reads it. Card data is kept masked
-- (the last four digits), never a full number.

create table reservations (
  property_id integer not null references properties (id) on delete cascade,
  id bigint generated always as identity,
  hotel_ref text not null,
  booking_ref text not null,
  state text not null check (state in ('reserved', 'cancelled')),
  guest_name text not null check (length(guest_name) <= 120),
  guest_email text check (length(guest_email) <= 254),
  guest_phone text check (length(guest_phone) <= 24),
  adults integer not null check (adults between 1 and 20),
  children integer not null default 0 check (children between 0 and 20),
  -- The names are kept as booked: a room type or rate plan renamed or deleted later leaves the booking readable.
  room_type_id bigint not null,
  room_type_name text not null,
  rate_plan_id bigint not null,
  rate_plan_name text not null,
  check_in date not null,
  check_out date not null,
  nights integer not null check (nights between 1 and 90),
  total numeric(12, 2) not null check (total >= 0),
  currency char(3) not null,
  payment_method text not null check (payment_method in ('direct_credit', 'finance_generated_vcc', 'invoice', 'vcc')),
  special_requests text check (length(special_requests) <= 2000),
  card_masked text check (card_masked ~ '^•••• [0-9]{4}$'),
  card_expiry text,
  vcc_activation_date date,
  vcc_amount numeric(12, 2),
  overbooked boolean not null default false,
  booked_at timestamptz not null,
  modified_at timestamptz,
  cancelled_at timestamptz,
  version integer not null default 1,
  -- A hash of the last payload applied: a retry of it changes nothing and gets the same answer.
  payload_hash text not null,
  primary key (property_id, id),
  unique (property_id, hotel_ref),
  unique (property_id, booking_ref),
  check (check_out > check_in)
);
-- The list sorts and filters by these three dates; id breaks ties so pages never overlap.
create index reservations_by_check_in on reservations (property_id, check_in, id);
create index reservations_by_check_out on reservations (property_id, check_out, id);
create index reservations_by_booked on reservations (property_id, booked_at, id);
-- Rooms sold per night: the reserved stays of a room type that overlap a day.
create index reservations_by_room_type on reservations (property_id, room_type_id, check_in) where state = 'reserved';

-- A booking's history: booked, modified (with what changed), cancelled.
create table reservation_events (
  property_id integer not null references properties (id) on delete cascade,
  id bigint generated always as identity,
  reservation_id bigint not null,
  kind text not null check (kind in ('booked', 'modified', 'cancelled')),
  at timestamptz not null default now(),
  changes jsonb,
  primary key (property_id, id),
  foreign key (property_id, reservation_id) references reservations (property_id, id) on delete cascade
);
create index reservation_events_by_reservation on reservation_events (property_id, reservation_id, id);

-- Booking emails to the reservations contact: written with the booking, sent after it commits,
-- retried until delivered. A failure never loses the booking and staff see it.
create table booking_notifications (
  property_id integer not null references properties (id) on delete cascade,
  id bigint generated always as identity,
  reservation_id bigint not null,
  kind text not null check (kind in ('booked', 'modified', 'cancelled')),
  recipient text not null,
  include_vcc boolean not null default false,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (property_id, id),
  foreign key (property_id, reservation_id) references reservations (property_id, id) on delete cascade
);
create index booking_notifications_due on booking_notifications (next_attempt_at) where status = 'pending';

-- Keys the brand's booking system sends bookings with: only a hash is kept; the key is shown once.
create table api_keys (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  prefix text not null unique,
  key_hash text not null,
  all_properties boolean not null default false,
  property_ids integer[] not null default '{}',
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);
