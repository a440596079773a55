-- Issue 30: Delete archives a property that holds data instead of removing it, and Restore takes it
-- back to the status it left, so the status it was archived from is kept with it.
alter table properties add column archived_from text;
