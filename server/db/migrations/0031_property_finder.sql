-- The property finder (issue 17): staff page through every property by name, ID or last update.
-- These let a page in the default orders read the first rows of an index instead of sorting all.
create index properties_name_idx on properties (name, id);
create index properties_updated_idx on properties (updated_at desc, id desc);
