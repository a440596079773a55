-- Sign-in: secrets, sessions with rotating refresh tokens, emailed codes, lockout, password history, anti-spam.

create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user_idx on sessions (user_id) where revoked_at is null;

create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- One row per emailed code. user_id is null for the decoy of an unknown email (no mail is sent).
create table auth_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id integer references users (id) on delete cascade,
  purpose text not null check (purpose in ('LOGIN', 'RESET_PASSWORD', 'VERIFY_EMAIL')),
  email text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_challenges_open_idx on auth_challenges (email, purpose) where consumed_at is null;

-- Failed sign-ins per email, whether or not a user has it, so lockout reveals nothing.
create table login_throttle (
  email text primary key,
  failures integer not null default 0,
  lock_level integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);

create table password_history (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create index password_history_user_idx on password_history (user_id, created_at desc);

-- Anti-spam proofs and passes already spent: each is good once.
create table antispam_spent (
  fingerprint text primary key,
  expires_at timestamptz not null
);
