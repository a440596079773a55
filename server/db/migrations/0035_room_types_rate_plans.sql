-- Room types and rate plans leave resource_rows for tables of their own (resources/*.resource.ts
-- `storage`), so what refers to them does so by foreign key: the calendar, the rate plan ↔ room
-- type link, and bookings. Ids are kept (the tables share resource_rows' sequence), and so are
-- versions and times. The tables are what server/resources/resource-storage.ts describes.
create table room_types (
  id bigint primary key default nextval('resource_rows_id_seq'),
  property_id integer not null references properties (id) on delete cascade,
  name text not null,
  description text,
  bed_configuration text,
  max_adults integer,
  max_children integer,
  size_sqm numeric,
  room_count integer,
  status text,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Unique, so that what a property holds refers to its own room types only (property_id, id).
create unique index room_types_by_property on room_types (property_id, id);

create table rate_plans (
  id bigint primary key default nextval('resource_rows_id_seq'),
  property_id integer not null references properties (id) on delete cascade,
  name text not null,
  type text,
  pricing text,
  sale_start date,
  sale_end date,
  stay_start date,
  stay_end date,
  min_stay integer,
  max_stay integer,
  cancellation_policy jsonb,
  hidden boolean,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index rate_plans_by_property on rate_plans (property_id, id);

-- What refers to a room type, a plan or an inclusion without going with it is checked at commit
-- (deferred): a property's delete takes both sides in one transaction; a delete of only the one
-- referred to is refused (the resource layer says so first, in words).
create table rate_plan_room_types (
  owner_id bigint not null references rate_plans (id) on delete cascade,
  ref_id bigint not null references room_types (id) deferrable initially deferred,
  position integer not null,
  primary key (owner_id, ref_id)
);
create index rate_plan_room_types_by_ref on rate_plan_room_types (ref_id);

create table rate_plan_inclusions (
  owner_id bigint not null references rate_plans (id) on delete cascade,
  ref_id bigint not null references resource_rows (id) deferrable initially deferred,
  position integer not null,
  primary key (owner_id, ref_id)
);
create index rate_plan_inclusions_by_ref on rate_plan_inclusions (ref_id);

create table rate_plan_custom_inclusions (
  owner_id bigint not null references rate_plans (id) on delete cascade,
  ref_id bigint not null references resource_rows (id) deferrable initially deferred,
  position integer not null,
  primary key (owner_id, ref_id)
);
create index rate_plan_custom_inclusions_by_ref on rate_plan_custom_inclusions (ref_id);

insert into room_types (id, property_id, name, description, bed_configuration, max_adults, max_children, size_sqm,
    room_count, status, version, created_at, updated_at)
  select id, property_id, data->>'name', data->>'description', data->>'bedConfiguration', (data->>'maxAdults')::integer,
         (data->>'maxChildren')::integer, (data->>'sizeSqm')::numeric, (data->>'roomCount')::integer, data->>'status',
         version, created_at, updated_at
    from resource_rows where resource = 'room-types';

insert into rate_plans (id, property_id, name, type, pricing, sale_start, sale_end, stay_start, stay_end, min_stay,
    max_stay, cancellation_policy, hidden, version, created_at, updated_at)
  select id, property_id, data->>'name', data->>'type', data->>'pricing', (data->>'saleStart')::date,
         (data->>'saleEnd')::date, (data->>'stayStart')::date, (data->>'stayEnd')::date, (data->>'minStay')::integer,
         (data->>'maxStay')::integer, data->'cancellationPolicy', (data->>'hidden')::boolean, version, created_at, updated_at
    from resource_rows where resource = 'rate-plans';

-- Each plan's ids in their order; an id that named nothing (a row deleted before) has nothing to refer to.
insert into rate_plan_room_types (owner_id, ref_id, position)
  select r.id, x.ref::bigint, min(x.position)
    from resource_rows r cross join lateral jsonb_array_elements_text(coalesce(r.data->'roomTypeIds', '[]')) with ordinality as x(ref, position)
   where r.resource = 'rate-plans' and exists (select 1 from room_types t where t.id = x.ref::bigint and t.property_id = r.property_id)
   group by r.id, x.ref;

insert into rate_plan_inclusions (owner_id, ref_id, position)
  select r.id, x.ref::bigint, min(x.position)
    from resource_rows r cross join lateral jsonb_array_elements_text(coalesce(r.data->'inclusionIds', '[]')) with ordinality as x(ref, position)
   where r.resource = 'rate-plans' and exists (select 1 from resource_rows i where i.id = x.ref::bigint and i.resource = 'global-inclusions')
   group by r.id, x.ref;

insert into rate_plan_custom_inclusions (owner_id, ref_id, position)
  select r.id, x.ref::bigint, min(x.position)
    from resource_rows r cross join lateral jsonb_array_elements_text(coalesce(r.data->'customInclusionIds', '[]')) with ordinality as x(ref, position)
   where r.resource = 'rate-plans' and exists (select 1 from resource_rows i where i.id = x.ref::bigint and i.resource = 'custom-inclusions')
   group by r.id, x.ref;

delete from resource_rows where resource in ('room-types', 'rate-plans');

-- Calendar rows of a room type or plan deleted before could never be read: they go, and the rest
-- now follows its room type and plan.
delete from room_inventory i where not exists (select 1 from room_types t where t.property_id = i.property_id and t.id = i.room_type_id);
delete from rate_plan_days d where not exists (select 1 from room_types t where t.property_id = d.property_id and t.id = d.room_type_id)
   or not exists (select 1 from rate_plans p where p.property_id = d.property_id and p.id = d.rate_plan_id);
delete from rates_batches b where not exists (select 1 from room_types t where t.property_id = b.property_id and t.id = b.room_type_id);

alter table room_inventory add constraint room_inventory_room_type foreign key (property_id, room_type_id)
  references room_types (property_id, id) on delete cascade;
alter table rate_plan_days add constraint rate_plan_days_room_type foreign key (property_id, room_type_id)
  references room_types (property_id, id) on delete cascade;
alter table rate_plan_days add constraint rate_plan_days_rate_plan foreign key (property_id, rate_plan_id)
  references rate_plans (property_id, id) on delete cascade;
alter table rates_batches add constraint rates_batches_room_type foreign key (property_id, room_type_id)
  references room_types (property_id, id) on delete cascade;
create index rate_plan_days_by_plan on rate_plan_days (property_id, rate_plan_id);

-- A booking names what was sold, so a booked room type or plan stays (checked at commit, as above).
-- Bookings made before may name one deleted since: they are kept as they are (not valid: checked from now on).
alter table reservations add constraint reservations_room_type foreign key (property_id, room_type_id)
  references room_types (property_id, id) deferrable initially deferred not valid;
alter table reservations add constraint reservations_rate_plan foreign key (property_id, rate_plan_id)
  references rate_plans (property_id, id) deferrable initially deferred not valid;
create index reservations_by_rate_plan on reservations (property_id, rate_plan_id);
