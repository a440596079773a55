-- Go-live requests (issue 25): a property's admin asks, staff publish or send it back with a
-- reason. One open request per property; decided ones stay as the record of what was said.
create table go_live_requests (
  property_id integer not null references properties (id) on delete cascade,
  id integer generated always as identity,
  requested_by integer references users (id) on delete set null,
  requested_at timestamptz not null default now(),
  decided_by integer references users (id) on delete set null,
  decided_at timestamptz,
  outcome text check (outcome in ('PUBLISHED', 'RETURNED')),
  reason text check (length(reason) <= 1000),
  primary key (property_id, id),
  check ((decided_at is null) = (outcome is null))
);
create unique index go_live_requests_open on go_live_requests (property_id) where decided_at is null;
-- Staff's worklist: the open requests, oldest first.
create index go_live_requests_waiting on go_live_requests (requested_at) where decided_at is null;
