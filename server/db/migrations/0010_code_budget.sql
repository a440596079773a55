-- The per-account code budget counts every challenge of an email and purpose in the last hour
-- (wrong codes summed over them, codes sent counted), open or not.
create index auth_challenges_budget_idx on auth_challenges (email, purpose, created_at);
