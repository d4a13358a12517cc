-- Accounts and money: the ledger as recharge records, account credentials, certification, balance
-- warnings with their durable outbox, and durable callback deliveries.

-- Every balance change writes a ledger row in the same transaction (platform/accounts/ledger.ts, messaging/send.ts).
-- kind: send | refund | recharge | adjust | other. Recharge records are the non-send rows.
alter table balance_ledger add column if not exists pre_balance numeric(16,4);
alter table balance_ledger add column if not exists post_balance numeric(16,4);
alter table balance_ledger add column if not exists remark text not null default '';
create index if not exists ledger_cus_kind on balance_ledger(cus_id, kind, id desc);

-- API credentials of an account: the interface password (scrypt) and the app secret (AES-256-GCM, because callbacks
-- are signed with it and the owner may view it again).
create table account_credentials (
  cus_id text primary key references accounts(cus_id),
  interface_password_hash text,
  app_secret_enc text not null,
  rotated_at timestamptz not null default now()
);

-- The key that encrypts app secrets when SECRET_KEY is not set: shared by every instance on this database.
create table platform_keys (
  name text primary key,
  value text not null
);

-- Real-name certification of a login.
create table user_certifications (
  user_id int primary key references users(id),
  card_name text not null,
  card_number_masked text not null,
  card_number_hash text not null,
  phone text not null,
  certified_at timestamptz not null
);

-- Balance warning per account; armed is true until the balance falls below the threshold, and is re-armed when it
-- climbs back, so one warning goes out per downward crossing.
create table balance_warnings (
  cus_id text primary key references accounts(cus_id),
  enabled boolean not null default false,
  warn_balance numeric(16,4) not null default 0,
  mobiles text[] not null default '{}',
  armed boolean not null default true,
  last_warn_at timestamptz
);

-- Warnings decided inside the balance-changing transaction, sent by the warning worker as system SMS.
create table balance_warning_events (
  id bigserial primary key,
  cus_id text not null references accounts(cus_id),
  balance numeric(16,4) not null,
  mobiles text[] not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index balance_warning_pending on balance_warning_events(id) where sent_at is null;

-- Crossing detection in the database itself, so every path that changes a balance (sends, refunds, charges,
-- adjustments, other engineers' code) is covered in its own transaction.
create or replace function balance_warning_check() returns trigger language plpgsql as $$
declare
  w balance_warnings%rowtype;
begin
  select * into w from balance_warnings where cus_id = new.cus_id for update;
  if not found or not w.enabled then
    return new;
  end if;
  if new.balance < w.warn_balance and w.armed then
    update balance_warnings set armed = false, last_warn_at = now() where cus_id = new.cus_id;
    insert into balance_warning_events(cus_id, balance, mobiles) values (new.cus_id, new.balance, w.mobiles);
  elsif new.balance >= w.warn_balance and not w.armed then
    update balance_warnings set armed = true where cus_id = new.cus_id;
  end if;
  return new;
end $$;
create trigger accounts_balance_warning after update of balance on accounts
  for each row when (old.balance is distinct from new.balance) execute function balance_warning_check();

-- Delivery reports and replies pushed to the account's callback addresses (push mode 1). Written in the transaction
-- that produced the report, so nothing is lost across a restart; the callback worker claims due rows.
create table callback_deliveries (
  id bigserial primary key,
  cus_id text not null references accounts(cus_id),
  kind text not null,                          -- report | mo
  ref text not null,                           -- mt sn or mo sn
  url text not null,
  payload jsonb not null,
  status smallint not null default 0,          -- 0 pending, 1 delivered, 2 given up
  attempts int not null default 0,
  next_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  last_status int,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (kind, ref)
);
create index callback_due on callback_deliveries(next_at) where status = 0;
create index callback_cus on callback_deliveries(cus_id, id desc);
