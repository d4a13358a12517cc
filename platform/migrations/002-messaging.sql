-- Messaging: send records (MT), replies (MO), batches, timed batches and their numbers, statistics rows,
-- blacklist and the balance ledger. Replicated tables carry seq/deleted/updated_at.

create table batches (
  batch_id text primary key,
  prod_type smallint not null,
  batch_type smallint not null,                -- 0 review, 1 same content, 2 one-to-one
  cus_id text not null references accounts(cus_id),
  content text not null,
  create_time timestamptz not null,
  receive_count int not null default 0,
  sent_count int not null default 0,           -- handed to the carrier (left review)
  success_count int not null default 0,
  failure_count int not null default 0,
  unknown_count int not null default 0,        -- report timeout
  cost numeric(16,4) not null default 0,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index batches_scope on batches(cus_id, prod_type, create_time desc);
create index batches_seq on batches(seq);
create trigger batches_seq_bump before update on batches for each row execute function bump_change_seq();

create table mt_records (
  sn text primary key,
  prod_type smallint not null,                 -- 0 home, 1 international, 2 video, 6 CSP
  cus_id text not null references accounts(cus_id),
  batch_id text not null,
  mobile text not null,
  content text not null,
  mt_status smallint not null,                 -- 100 review, 500 waiting report, 0 success, 600 timeout, 700 failure
  report_result text,
  report_result_desc text,
  err_desc text,
  table_name text not null default 'mt',       -- 'review' while in the pending-review table
  receive_time timestamptz not null,
  month text not null,                         -- YYYYMM in the account's time zone
  segments smallint not null default 1,
  price numeric(12,4) not null default 0,      -- cost of this record
  country_code text,
  country_name text,
  title text,                                  -- video subject / CSP template name
  receive_content text,
  next_at timestamptz,                         -- when the carrier simulator moves it on (null when final)
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index mt_scope_time on mt_records(cus_id, prod_type, receive_time desc);
create index mt_prod_time on mt_records(prod_type, receive_time desc);
create index mt_seq on mt_records(seq);
create index mt_batch on mt_records(batch_id);
create index mt_mobile on mt_records(mobile text_pattern_ops);
create index mt_due on mt_records(next_at) where next_at is not null;
create trigger mt_seq_bump before update on mt_records for each row execute function bump_change_seq();

create table mo_records (
  sn text primary key,
  cus_id text not null references accounts(cus_id),
  prod_type smallint not null default 0,
  src_calling_number text not null,
  mobile text not null,
  content text not null,
  whole_content text not null,                 -- the sent content replied to
  deliver_time timestamptz not null,
  batch_id text not null,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index mo_scope_time on mo_records(cus_id, deliver_time desc);
create index mo_seq on mo_records(seq);
create trigger mo_seq_bump before update on mo_records for each row execute function bump_change_seq();

create table time_batches (
  time_batch text primary key,
  cus_id text not null references accounts(cus_id),
  prod_type smallint not null,
  batch_type smallint not null,                -- 0 same content, 1 point to point
  send_status smallint not null default 0,     -- 0 to be sent, 1 sent, 2 paused, 3 intercepted, 4 failure
  timing_time timestamptz not null,
  create_time timestamptz not null,
  content text not null,
  batch_count int not null,
  charged numeric(16,4) not null default 0,
  request jsonb not null default '{}'::jsonb,  -- what to send when due
  batch_id text,                               -- the send batch once sent
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index time_batches_scope on time_batches(cus_id, create_time desc);
create index time_batches_due on time_batches(timing_time) where send_status = 0;
create index time_batches_seq on time_batches(seq);
create trigger time_batches_seq_bump before update on time_batches for each row execute function bump_change_seq();

create table time_mt_messages (
  sn text primary key,
  time_batch text not null references time_batches(time_batch),
  cus_id text not null references accounts(cus_id),
  mobile text not null,
  content text,                                -- one-to-one content, else the batch's
  send_status smallint not null default 0,
  timing_time timestamptz not null,
  create_time timestamptz not null,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index time_mt_batch on time_mt_messages(time_batch);
create index time_mt_seq on time_mt_messages(seq);
create trigger time_mt_seq_bump before update on time_mt_messages for each row execute function bump_change_seq();

-- Statistics kept incrementally (kind day/month/year/country); id = kind|prod|cus|time[|country].
create table stat_rows (
  id text primary key,
  kind text not null,
  prod_type smallint not null,
  cus_id text not null references accounts(cus_id),
  gathering_time text not null,
  country_code text,
  country_name text,
  sent_count int not null default 0,
  success_count int not null default 0,
  failure_count int not null default 0,
  unknown_count int not null default 0,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index stat_scope on stat_rows(kind, cus_id, prod_type, gathering_time desc);
create index stat_seq on stat_rows(seq);
create trigger stat_seq_bump before update on stat_rows for each row execute function bump_change_seq();

-- Numbers that unsubscribed (TD, T, STOP, 退订) or were blocked, per enterprise.
create table blacklist (
  ep_id text not null,
  mobile text not null,
  source text not null default 'reply',
  created_at timestamptz not null default now(),
  primary key (ep_id, mobile)
);

-- Every balance movement: sends (negative), refunds, recharges.
create table balance_ledger (
  id bigserial primary key,
  cus_id text not null references accounts(cus_id),
  amount numeric(16,4) not null,
  kind text not null,                          -- send | refund | recharge
  ref text,
  created_at timestamptz not null default now()
);
create index ledger_cus on balance_ledger(cus_id, created_at desc);
