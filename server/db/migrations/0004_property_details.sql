-- The details sections of a property (overview, location, facilities, policies, commercial terms).
create table property_details (
  property_id integer primary key references properties (id) on delete cascade,
  sections jsonb not null default '{}',
  version integer not null default 1,
  updated_at timestamptz not null default now()
);
