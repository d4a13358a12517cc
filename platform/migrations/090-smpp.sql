-- SMPP: binds held across instances, where a message came from, the ids an SMPP client was given, and receipts
-- waiting for a receiver bind.

-- Kannel sends at most 8 characters of a bind password: the hash of a longer interface password's first 8 lets such
-- a bind in (null when the password is 8 characters or shorter).
alter table account_credentials add column if not exists interface_password_prefix_hash text;

-- One row per live bind; an instance refreshes its rows' heartbeat and a row whose heartbeat is old belongs to an
-- instance that is gone, so it no longer counts against the account's connection limit.
create table if not exists smpp_binds (
  session_id text primary key,
  instance_id text not null,
  cus_id text not null references accounts(cus_id),
  bind_type text not null,
  address text not null,
  since timestamptz not null default now(),
  heartbeat timestamptz not null default now()
);
create index if not exists smpp_binds_account on smpp_binds(cus_id);
create index if not exists smpp_binds_instance on smpp_binds(instance_id);

-- 'console' | 'smpp' | 'http'
alter table mt_records add column if not exists source text not null default 'console';

-- A message taken over SMPP: the id it was answered with, the ids of its parts (a receipt goes to each part that
-- asked for one) and what each part asked for.
create table if not exists smpp_messages (
  message_id text primary key,
  sn text not null,
  cus_id text not null references accounts(cus_id),
  part_ids text[] not null,
  registered_delivery smallint[] not null,
  source_addr text not null default '',
  submitted_at timestamptz not null default now()
);
create index if not exists smpp_messages_sn on smpp_messages(sn);

-- Receipts to send as deliver_sm, kept until a bind of the account answered one or they are too old.
create table if not exists smpp_outbox (
  id bigserial primary key,
  cus_id text not null references accounts(cus_id),
  message_ids text[] not null,
  mobile text not null,
  client_addr text not null,
  text text not null,
  stat text not null,
  err text not null,
  submit_date timestamptz not null,
  done_date timestamptz not null,
  created_at timestamptz not null default now(),
  attempts int not null default 0,
  next_at timestamptz not null default now()
);
create index if not exists smpp_outbox_due on smpp_outbox(cus_id, next_at);
