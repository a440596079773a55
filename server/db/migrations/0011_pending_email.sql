-- A new address waits here until its link is confirmed: sign-in and reset keep using the old one.
alter table users add column pending_email text;
