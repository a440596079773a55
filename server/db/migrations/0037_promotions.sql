-- Promotions (issue 26): a resource with its own table (resources/promotions/promotion.resource.ts).
-- Their status is derived from the sale dates and the property's day, never stored.
create table promotions (
  id bigint primary key default nextval('resource_rows_id_seq'),
  property_id integer not null references properties (id) on delete cascade,
  name text not null,
  type text not null,
  discount_percent integer,
  days_before_arrival integer,
  min_nights integer,
  stay_nights integer,
  pay_nights integer,
  sale_start date not null,
  sale_end date not null,
  stay_start date not null,
  stay_end date not null,
  weekdays text[],
  blackout_dates jsonb,
  combinable boolean,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index promotions_by_property on promotions (property_id, id);
create index promotions_by_sale_end on promotions (property_id, sale_end, id);

-- The rate plans a promotion discounts; a rate plan's delete takes its links along.
create table promotion_rate_plans (
  owner_id bigint not null references promotions (id) on delete cascade,
  ref_id bigint not null references rate_plans (id) on delete cascade,
  position integer not null,
  primary key (owner_id, ref_id)
);
create index promotion_rate_plans_by_ref on promotion_rate_plans (ref_id);
