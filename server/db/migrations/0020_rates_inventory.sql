-- Rates and inventory (issue 15): real tables, not resource_rows, because a calendar reads and
-- writes thousands of cells at once. Every key leads with property_id so the tables can be
-- distributed by property (Citus) and every query is scoped by it; room type, rate plan and day
-- follow, so one index range scan reads a room type's 18 months for all its rate plans.
-- Room types and rate plans are resource_rows (ids as bigint); a deleted one leaves rows no query
-- reaches (they are read through the current rate plans), so no foreign key is kept to them.

create table room_inventory (
  property_id integer not null references properties (id) on delete cascade,
  room_type_id bigint not null,
  day date not null,
  rooms_to_sell integer check (rooms_to_sell between 0 and 9999),
  primary key (property_id, room_type_id, day)
);

create table rate_plan_days (
  property_id integer not null references properties (id) on delete cascade,
  room_type_id bigint not null,
  rate_plan_id bigint not null,
  day date not null,
  -- Money is exact: numeric in the property's currency, sent as a string, never a float.
  rate numeric(12, 2) check (rate > 0 and rate <= 1000000),
  stop_sell boolean not null default false,
  closed_to_arrival boolean not null default false,
  closed_to_departure boolean not null default false,
  min_stay integer check (min_stay between 1 and 365),
  max_stay integer check (max_stay between 1 and 365),
  primary key (property_id, room_type_id, rate_plan_id, day)
);

-- One row per grid save, bulk update or undo: what undo acts on.
create table rates_batches (
  property_id integer not null references properties (id) on delete cascade,
  id uuid not null,
  room_type_id bigint not null,
  user_id integer references users (id) on delete set null,
  source text not null check (source in ('grid', 'bulk', 'undo')),
  created_at timestamptz not null default now(),
  cell_count integer not null default 0,
  undone_by uuid,
  primary key (property_id, id)
);
create index rates_batches_by_room_type on rates_batches (property_id, room_type_id, created_at desc);

-- Every change of a cell (rate_plan_id 0: the room type's rooms to sell): history and undo read it.
create table rates_changes (
  property_id integer not null references properties (id) on delete cascade,
  id bigint generated always as identity,
  batch_id uuid not null,
  user_id integer references users (id) on delete set null,
  changed_at timestamptz not null default now(),
  source text not null check (source in ('grid', 'bulk', 'undo')),
  room_type_id bigint not null,
  rate_plan_id bigint not null,
  day date not null,
  field text not null check (field in ('roomsToSell', 'rate', 'stopSell', 'closedToArrival', 'closedToDeparture', 'minStay', 'maxStay')),
  before text,
  after text,
  primary key (property_id, id)
);
create index rates_changes_by_cell on rates_changes (property_id, room_type_id, rate_plan_id, day, field, id);
create index rates_changes_by_batch on rates_changes (property_id, batch_id);
