-- Issue 30: a user's support page lists what was done to their account (records whose subject is
-- the user), and a support action looks up its own last record to refuse a repeat within a minute.
create index audit_log_subject on audit_log (subject_type, subject_id, id desc) where subject_id is not null;
