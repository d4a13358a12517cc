-- An enterprise's send policy (contract/endpoints/send-policy.endpoints.ts), one document a row; an enterprise
-- without a row has the defaults (platform/messaging/send-policy.ts).
create table send_policies (
  ep_id text primary key,
  policy jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by text
);

-- What the policy counts, written in the charging transaction of every door's send so that every instance reads the
-- same counts. Messages a number got from an enterprise per category and calendar minute (UTC): the minute cap reads
-- this minute's row, the hour and day caps sum the last 60 and 1,440 minutes' rows.
create table policy_sends (
  ep_id text not null,
  mobile text not null,
  category text not null,
  minute timestamptz not null,
  n integer not null,
  primary key (ep_id, mobile, category, minute)
);
create index policy_sends_minute on policy_sends(minute);

-- The texts a number got lately, by hash, for the duplicate window (at most a day).
create table policy_recent (
  ep_id text not null,
  mobile text not null,
  hash text not null,
  at timestamptz not null,
  primary key (ep_id, mobile, hash)
);
create index policy_recent_at on policy_recent(at);

-- Messages an account sent on a day of its time zone, for the daily cap; `noticed` once its users heard of 80 %.
create table policy_daily (
  cus_id text not null,
  day date not null,
  n bigint not null default 0,
  noticed boolean not null default false,
  primary key (cus_id, day)
);
