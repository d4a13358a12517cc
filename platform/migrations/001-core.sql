-- Core schema: tenants (accounts), logins, sessions, one-time codes, idempotency, site settings,
-- and the change-feed machinery every replicated table uses.

create sequence if not exists change_seq;

-- Replicated tables carry seq, deleted, updated_at; this trigger bumps seq and updated_at on every update.
create or replace function bump_change_seq() returns trigger language plpgsql as $$
begin
  new.seq := nextval('change_seq');
  new.updated_at := now();
  return new;
end $$;

-- An account (customer) is the unit that owns records and balance. ep_id is the enterprise root's cus_id;
-- parent_id the account that created it.
create table accounts (
  cus_id text primary key,
  cus_name text not null,
  ep_id text not null,
  parent_id text references accounts(cus_id),
  status smallint not null default 1,          -- 0 closed, 1 open, 2 removed
  pay_type smallint not null default 0,        -- 0 prepaid, 1 postpaid
  balance numeric(16,4) not null default 0,    -- yuan
  ext_number text,
  time_zone text not null default 'Asia/Shanghai',
  options jsonb not null default '{}'::jsonb,  -- push mode, callback URLs, IPs, speed, business/product type
  created_at timestamptz not null default now()
);
create index accounts_ep on accounts(ep_id);
create index accounts_parent on accounts(parent_id);

-- Product lines granted to an account: 0 home, 1 international, 2 video, 6 CSP.
create table account_products (
  cus_id text not null references accounts(cus_id),
  prod_type smallint not null,
  primary key (cus_id, prod_type)
);

create table users (
  id serial primary key,
  username text not null unique,
  password_hash text not null,                 -- scrypt$N$r$p$salt$hash
  cus_id text not null references accounts(cus_id),
  name text not null,
  mobile text not null default '',
  avatar text not null default '',
  user_type smallint not null,                 -- 1 privileged, 2 agent, 3 ordinary
  show_client_status smallint not null default 1,
  client_forbid_unknown smallint not null default 0,
  show_content_filter_where smallint not null default 1,
  more_type smallint not null default 0,
  roles text[] not null default '{}',
  permissions text[] not null default '{}',
  last_login_at timestamptz,
  created_at timestamptz not null default now()
);

-- Opaque bearer tokens, stored as sha256 hashes.
create table sessions (
  token_hash text primary key,
  user_id int not null references users(id),
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user on sessions(user_id);

create table captchas (
  redom_str text primary key,
  code text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- 6-digit codes for SMS login and enterprise registration.
create table sms_codes (
  id serial primary key,
  purpose text not null,                       -- login | register
  uuid text not null,
  subject text not null,                       -- username or epId
  phone text not null,
  code text not null,
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  attempts int not null default 0
);
create index sms_codes_lookup on sms_codes(purpose, subject, uuid);

-- A retried mutating call with the same Idempotency-Key gets the first answer.
create table idempotency_keys (
  user_id int not null,
  key text not null,
  path text not null,
  status int,                                  -- null while the first call is still running
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create table site_settings (
  key text primary key,
  value text not null
);

create table chatbots (
  chatbot_id text primary key,
  cus_id text not null references accounts(cus_id),
  name text not null
);

-- Per-account, per-product, per-country unit prices (yuan per segment). country_code '' for domestic.
create table prices (
  cus_id text not null references accounts(cus_id),
  prod_type smallint not null,
  country_code text not null default '',
  country_name text not null default '',
  price numeric(10,4) not null,
  primary key (cus_id, prod_type, country_code)
);

-- Runtime errors uploaded from the console's log viewer.
create table client_logs (
  id serial primary key,
  user_id int,
  type text not null,
  message text not null,
  stack text,
  info text,
  url text,
  time text,
  created_at timestamptz not null default now()
);
