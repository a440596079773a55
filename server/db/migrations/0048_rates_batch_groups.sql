-- Issue 31: one bulk update over several room types writes one batch per room type (each room
-- type's calendar, history and conflicts stay its own), tied by a group id: one history record and
-- one undo for the group.
alter table rates_batches add column group_id uuid;
create index rates_batches_by_group on rates_batches (property_id, group_id) where group_id is not null;
