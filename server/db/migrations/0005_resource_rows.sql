-- Rows of the resources defined in resources/*/*.resource.ts (room types, inclusions, rate plans …).
-- One table for all of them: a definition is validated by its zod schema before anything is stored,
-- so adding a resource needs no migration.
create table resource_rows (
  id bigserial primary key,
  resource text not null,
  property_id integer references properties (id) on delete cascade,
  data jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index resource_rows_by_property on resource_rows (resource, property_id, id);
