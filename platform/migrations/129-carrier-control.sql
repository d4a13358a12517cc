-- Carriers and routes as the platform operator keeps them, changed live. `config` holds a carrier's connection settings
-- as the carriers file writes them, without its password, which is stored encrypted apart. `reconnects` counts the
-- operator's reconnect orders: an instance that sees it grow rebinds that carrier.
create table if not exists carriers (
  name text primary key,
  config jsonb not null,
  password_enc text not null,
  enabled boolean not null default true,
  weight integer not null default 1,
  reconnects integer not null default 0,
  updated_at timestamptz not null,
  updated_by text not null
);

-- A route's rule as the carriers file writes it; routes are tried by their position, as the file's order was.
create table if not exists carrier_routes (
  id bigserial primary key,
  position integer not null,
  rule jsonb not null,
  updated_at timestamptz not null,
  updated_by text not null
);

-- One row: grows with every change of carriers or routes, so each instance asks one small question to know whether
-- to reload them.
create table if not exists carrier_config_version (
  id smallint primary key default 1 check (id = 1),
  version bigint not null default 0
);
insert into carrier_config_version (id, version) values (1, 0) on conflict do nothing;

-- Every change an operator made to carriers and routes: who, when, and the object before and after (never a password).
create table if not exists carrier_audit (
  id bigserial primary key,
  at timestamptz not null,
  actor text not null,
  action text not null,
  target text not null,
  before jsonb,
  after jsonb
);
create index if not exists carrier_audit_at on carrier_audit (at desc, id desc);
