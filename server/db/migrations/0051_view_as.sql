-- Issue 30, view as: staff see the portal as a user in a session of that user's that is read-only,
-- short and remembers who opened it (view_as_by) and the staff session to go back to (view_as_from).
alter table sessions add column view_as_by integer references users (id) on delete cascade;
alter table sessions add column view_as_from uuid references sessions (id) on delete set null;
