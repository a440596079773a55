-- A bulk update of 18 months × 10 rate plans logs about 16,000 changed cells, and the log's two
-- per-row foreign keys cost as much as writing it. A change now lives and dies with its batch:
-- who made it, when and from where are the batch's (kept once, there), and deleting batches (by
-- hand or by their property's cascade) deletes their changes in one statement.
alter table rates_changes drop constraint rates_changes_property_id_fkey;
alter table rates_changes drop column user_id, drop column changed_at, drop column source;

-- (migrate.ts splits statements at a line-ending `;`, so the body stays on one line.)
create function rates_changes_follow_batches() returns trigger language plpgsql as
  $$ begin delete from rates_changes c using gone g where c.property_id = g.property_id and c.batch_id = g.id; return null; end $$;

create trigger rates_batches_take_their_changes after delete on rates_batches
  referencing old table as gone for each statement execute function rates_changes_follow_batches();
