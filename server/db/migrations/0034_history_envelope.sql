-- One history for every write (server/commands): who (a user or the booking system's API key),
-- the subject as a person names it, and the changes field by field. Rows are never changed or
-- removed: the history outlives the users and properties it names, so it keeps their ids without
-- foreign keys (a key's "on delete set null" would be an update).
alter table audit_log
  add column actor_api_key_id integer,
  add column subject_label text,
  add column changes jsonb;

alter table audit_log drop constraint if exists audit_log_actor_user_id_fkey;
alter table audit_log drop constraint if exists audit_log_property_id_fkey;

update audit_log set subject_label = subject_type || coalesce(' ' || subject_id, '') where subject_label is null;
alter table audit_log alter column subject_label set not null;

-- (migrate.ts splits statements at a line-ending `;`, so the body stays on one line.)
create function audit_log_append_only() returns trigger language plpgsql as
  $$ begin raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege'; end $$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();

create index audit_log_property_history on audit_log (property_id, id desc) where property_id is not null;
drop index if exists audit_log_property_idx;
