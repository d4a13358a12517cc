-- Notices: what happened that an account's users should hear of (a template reviewed, a balance below its warning
-- level, a batch done, a timed send released, a recharge, a sub-account changed), one row per recipient account,
-- written in the transaction of the event itself (platform/notices/notices.ts). Replicated to the console like the
-- records: seq, deleted and updated_at, with the change-sequence triggers of migration 006.
create table notices (
  id text primary key,                          -- ULID: ordered by creation time
  cus_id text not null references accounts(cus_id),  -- the recipient account
  ep_id text not null,                          -- the recipient's enterprise
  kind text not null,
  params jsonb not null default '{}'::jsonb,    -- bounded values the console words the notice with; never markup
  link text not null,                           -- the console path of the screen it points to
  created_at timestamptz not null default now(),
  read_at timestamptz,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index notices_scope on notices(cus_id, created_at desc, id desc);
create index notices_unread on notices(cus_id) where read_at is null;
create index notices_seq on notices(seq);
create trigger notices_seq_bump before update on notices for each row execute function bump_change_seq();
create trigger notices_seq_hold before insert or update on notices for each statement execute function hold_change_seq();

-- Whether a batch's end is told to its account: sends made in the console are; SMPP and HTTP traffic, and the
-- platform's own messages (warning SMS, login codes), are not, or every API call would leave a notice.
alter table batches add column if not exists notify_done boolean not null default false;
