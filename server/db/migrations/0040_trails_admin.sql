-- Trails and Admin (issue 29). A revert is a change of its own that names the change it undid;
-- Trails filters a property's history by section and by person, so each has an index that keeps
-- a filtered page a short index scan however long the history grows. The property's settings
-- (Admin) are saved against a version, like every other record.
alter table audit_log add column reverts_id integer;
create index audit_log_property_subject on audit_log (property_id, subject_type, id desc) where property_id is not null;
create index audit_log_property_actor on audit_log (property_id, actor_user_id, id desc) where property_id is not null;
create index audit_log_reverts on audit_log (reverts_id) where reverts_id is not null;

alter table properties add column settings_version integer not null default 1;
