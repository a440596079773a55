-- Users, tenancy (groups, properties, memberships), contacts, feature flags and the audit trail.

create table users (
  id integer generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  email text not null unique check (email = lower(email) and length(email) <= 254),
  first_name text not null default '' check (length(first_name) <= 100),
  last_name text not null default '' check (length(last_name) <= 100),
  position text check (length(position) <= 100),
  phone_primary text check (length(phone_primary) <= 25),
  phone_secondary text check (length(phone_secondary) <= 25),
  email_verified boolean not null default false,
  is_staff boolean not null default false,
  flags text[] not null default '{}',
  password_hash text,
  password_reset_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table property_groups (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 1 and 200),
  created_at timestamptz not null default now()
);

create table properties (
  id integer generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  status text not null default 'PROSPECTIVE'
    check (status in ('ARCHIVED', 'INVITED', 'ONBOARDING', 'PROSPECTIVE', 'PUBLISHED', 'UNPUBLISHED')),
  previous_property_id integer references properties (id),
  property_group_id integer references property_groups (id),
  suburb text,
  country text,
  currency_code char(3) not null default 'AUD',
  can_manage_content boolean not null default true,
  can_manage_rates boolean not null default true,
  rates_service_enabled boolean not null default true,
  rate_plans_service_enabled boolean not null default true,
  inventory_provider text check (inventory_provider in ('derbysoft', 'expedia', 'extranet', 'pegasus', 'siteconnect')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index properties_group_idx on properties (property_group_id, name);

create table memberships (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  property_id integer references properties (id) on delete cascade,
  property_group_id integer references property_groups (id) on delete cascade,
  role text not null check (role in ('property_admin', 'property_editor', 'property_viewer', 'supplier',
    'property_group_admin', 'property_group_editor', 'property_group_viewer')),
  created_at timestamptz not null default now(),
  check ((property_id is null) <> (property_group_id is null)),
  check ((role like 'property_group_%') = (property_group_id is not null))
);
create unique index memberships_property_uq on memberships (user_id, property_id) where property_id is not null;
create unique index memberships_group_uq on memberships (user_id, property_group_id) where property_group_id is not null;

create table contacts (
  id integer generated always as identity primary key,
  property_id integer not null references properties (id) on delete cascade,
  contact_type text not null check (contact_type in ('BILLING', 'PRIMARY', 'RESERVATION')),
  name text not null check (length(name) <= 200),
  position text check (length(position) <= 200),
  email text not null check (length(email) <= 254),
  phone text not null check (length(phone) <= 25),
  confirmation_emails boolean,
  vcc_in_email boolean,
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  unique (property_id, contact_type)
);

create table feature_flags (
  key text primary key check (key ~ '^[a-z0-9-]{1,100}$'),
  enabled boolean not null,
  description text not null default '',
  updated_at timestamptz not null default now()
);

create table audit_log (
  id integer generated always as identity primary key,
  at timestamptz not null default now(),
  actor_user_id integer references users (id) on delete set null,
  action text not null,
  subject_type text not null,
  subject_id text,
  property_id integer references properties (id) on delete set null,
  before jsonb,
  after jsonb,
  correlation_id text
);
create index audit_log_property_idx on audit_log (property_id, at desc);
