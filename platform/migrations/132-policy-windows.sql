-- The per-number caps count sliding windows (the last 60 seconds, hour, day before a send) rather than calendar
-- minutes: a row holds the messages a number got at one instant (several in one send share it). The rows kept are
-- bounded by the caps themselves, as only messages a cap let through are written. A table of its own, beside the
-- calendar-minute one rather than in its place: during a rolling upgrade the instances still on the older code keep
-- writing that one without failing (their counts are not seen by the newer instances until they are replaced), and
-- the newer ones prune it empty within a day.
create table if not exists policy_send_times (
  ep_id text not null,
  mobile text not null,
  category text not null,
  at timestamptz not null,
  n integer not null,
  primary key (ep_id, mobile, category, at)
);
create index if not exists policy_send_times_at on policy_send_times(at);

-- A text's row claimed again once the duplicate window has passed keeps the time it replaced: a send that claimed it and
-- then did not take the message (a cap, the balance) puts that time back, in the same transaction.
alter table policy_recent add column prev_at timestamptz;
