-- Feature-flag evaluations the portal acted on (spec §9: sent in batches of 100 every 3 s),
-- kept as counts per flag, value and day: what staff read on the health page.
create table flag_event_counts (
  day date not null,
  flag text not null,
  value boolean not null,
  count bigint not null default 0,
  primary key (day, flag, value)
);
