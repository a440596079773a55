-- Issue 30: staff target a feature flag per property. A property's own settings, key → on/off; a
-- key absent follows the user's setting, then the flag. Kept on the property, so every permission
-- check that reads the property's facts reads them without another query.
alter table properties add column flag_overrides jsonb not null default '{}'::jsonb;
