-- Spec §8: five wrong codes lock a code for a minute, after which the same code may be tried again.
alter table auth_challenges add column locked_until timestamptz;
