-- Users of a property or a group (issue 28): invitations waiting to be accepted, disabled memberships,
-- and group-level history.

-- A disabled membership grants nothing; everything that reads access reads live_memberships.
alter table memberships add column disabled_at timestamptz;
create view live_memberships as select * from memberships where disabled_at is null;

-- Access offered by email and not yet taken. The link carries the id and a secret; only the
-- secret's SHA-256 is stored. No account is made until the link is opened.
create table invitations (
  id integer generated always as identity primary key,
  email text not null check (email = lower(email) and length(email) <= 254),
  first_name text not null default '' check (length(first_name) <= 100),
  last_name text not null default '' check (length(last_name) <= 100),
  property_id integer references properties (id) on delete cascade,
  property_group_id integer references property_groups (id) on delete cascade,
  role text not null check (role in ('property_admin', 'property_editor', 'property_viewer', 'supplier',
    'property_group_admin', 'property_group_editor', 'property_group_viewer')),
  token_hash text not null,
  invited_by integer,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz,
  check ((property_id is null) <> (property_group_id is null)),
  check ((role like 'property_group_%') = (property_group_id is not null))
);
create unique index invitations_open_uq on invitations (email, coalesce(property_id, 0), coalesce(property_group_id, 0))
  where accepted_at is null and revoked_at is null;
create index invitations_property_idx on invitations (property_id) where property_id is not null;
create index invitations_group_idx on invitations (property_group_id) where property_group_id is not null;

-- Every invitation email sent, for the per-inviter and per-address hourly limits.
create table invitation_sends (
  id integer generated always as identity primary key,
  sent_by integer,
  email text not null,
  sent_at timestamptz not null default now()
);
create index invitation_sends_by_idx on invitation_sends (sent_by, sent_at);
create index invitation_sends_email_idx on invitation_sends (email, sent_at);

-- A group's own changes (its users) are its history, as a property's are.
alter table audit_log add column property_group_id integer;
create index audit_log_group_history on audit_log (property_group_id, id desc) where property_group_id is not null;
