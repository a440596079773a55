-- What the property pages need: which sections are complete, fx rates, per-user flag overrides.

-- Sections whose own pages come later record completion here; contacts are read from their table.
alter table properties add column completed_sections text[] not null default '{}';

create table fx_rates (
  currency_code char(3) primary key,
  exchange_rate numeric(12, 6) not null check (exchange_rate > 0),
  updated_at timestamptz not null default now()
);

create table feature_flag_overrides (
  user_id integer not null references users (id) on delete cascade,
  key text not null references feature_flags (key) on delete cascade,
  enabled boolean not null,
  primary key (user_id, key)
);
