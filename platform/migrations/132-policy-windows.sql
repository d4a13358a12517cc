-- The per-number caps count sliding windows (the last 60 seconds, hour, day before a send) rather than calendar
-- minutes: a row holds the messages a number got at one instant (several in one send share it). The rows kept are
-- bounded by the caps themselves, as only messages a cap let through are written.
alter table policy_sends rename column minute to at;
alter index policy_sends_minute rename to policy_sends_at;

-- A text's row claimed again once the duplicate window has passed keeps the time it replaced: a send that claimed it and
-- then did not take the message (a cap, the balance) puts that time back, in the same transaction.
alter table policy_recent add column prev_at timestamptz;
