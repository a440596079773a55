-- Issue 25: a hotel asks staff for what only staff change. Go-live was the first such request; a
-- change of the property's name is the second. One table keeps both (kind), so the worklist, the
-- one-open-at-a-time rule and the decision's record are one mechanism. A name change carries the
-- name asked for and the hotel's note on why; staff rename the property (RENAMED) or decline with a reason (DECLINED).
alter table go_live_requests rename to property_requests;
alter table property_requests add column kind text not null default 'GO_LIVE';
alter table property_requests alter column kind drop default;
alter table property_requests add constraint property_requests_kind_check check (kind in ('GO_LIVE', 'NAME_CHANGE'));
alter table property_requests add column proposed_name text;
alter table property_requests add constraint property_requests_proposed_name_check
  check ((kind = 'NAME_CHANGE') = (proposed_name is not null) and length(proposed_name) <= 200);
alter table property_requests add column note text check (length(note) <= 1000);
alter table property_requests drop constraint go_live_requests_outcome_check;
alter table property_requests add constraint property_requests_outcome_check
  check (outcome in ('PUBLISHED', 'RETURNED', 'RENAMED', 'DECLINED'));
drop index go_live_requests_open;
create unique index property_requests_open on property_requests (property_id, kind) where decided_at is null;
drop index go_live_requests_waiting;
create index property_requests_waiting on property_requests (kind, requested_at) where decided_at is null;
