-- The server keeps per-request reads (the caller's session, memberships and flags; a property's
-- facts) in memory until something changes. Its own writes end them at once; these triggers tell
-- it about writes from other processes (the CLI, a second server) through NOTIFY, sent on commit.
-- (migrate.ts splits statements at a line-ending `;`, so the body stays on one line.)
create or replace function notify_extranet_cache() returns trigger language plpgsql as
  $$ begin perform pg_notify('extranet_cache', tg_table_name); return null; end $$;

create trigger users_cache after insert or update or delete or truncate on users
  for each statement execute function notify_extranet_cache();
create trigger sessions_cache after insert or update or delete or truncate on sessions
  for each statement execute function notify_extranet_cache();
create trigger memberships_cache after insert or update or delete or truncate on memberships
  for each statement execute function notify_extranet_cache();
create trigger feature_flags_cache after insert or update or delete or truncate on feature_flags
  for each statement execute function notify_extranet_cache();
create trigger feature_flag_overrides_cache after insert or update or delete or truncate on feature_flag_overrides
  for each statement execute function notify_extranet_cache();
create trigger properties_cache after insert or update or delete or truncate on properties
  for each statement execute function notify_extranet_cache();
