-- Sign-in failures lock an account only against the address that failed (issue 23, L9): one row
-- per account and address. What was counted before belongs to no address we know and is dropped.
delete from login_throttle;
alter table login_throttle add column address text not null default 'local';
alter table login_throttle drop constraint login_throttle_pkey;
alter table login_throttle add primary key (email, address);

-- Failures at an account from every address since its last sign-in: past a ceiling, each attempt
-- waits longer (a distributed guesser is slowed), but nobody is locked out by it.
create table login_pressure (
  email text primary key,
  failures integer not null default 0,
  updated_at timestamptz not null default now()
);

-- Reset codes are limited per address that asks for them, not per account (twenty asks from
-- anywhere used to block the owner's reset for an hour).
alter table auth_challenges add column address text;
