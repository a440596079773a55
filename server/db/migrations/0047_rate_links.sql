-- Issue 31: a rate plan may follow a parent plan of the same property at ± percent or ± amount
-- ({ parentId, mode, value }); the rates write path derives the children's rates from it.
alter table rate_plans add column rate_link jsonb;
-- A link set on a rate plan brings its rates in line with its parent's: a batch of its own kind.
alter table rates_batches drop constraint rates_batches_source_check;
alter table rates_batches add constraint rates_batches_source_check check (source in ('grid', 'bulk', 'undo', 'link'));
