-- Read side: indexes for list filter combinations, number-status check batches, number-porting and blacklist
-- query logs, AIM materials and templates.

-- Status filter within an account and product line, newest first (the record lists).
create index mt_scope_status_time on mt_records(cus_id, prod_type, mt_status, receive_time desc);
-- Month filter (YYYYMM) within an account and product line.
create index mt_scope_month_time on mt_records(cus_id, prod_type, month, receive_time desc);
-- Month filter across all visible accounts (userType 1): ordered scan of the month, accounts filtered on the way.
create index mt_prod_month_time on mt_records(prod_type, month, receive_time desc);
-- Status filter across all visible accounts: an ordered walk reads only the rows of that status.
create index mt_prod_status_time on mt_records(prod_type, mt_status, receive_time desc);
create index mo_batch on mo_records(batch_id);
-- Newest-first pages over several accounts (= any(...) cannot use an index led by cus_id for ordering).
create index mo_time on mo_records(deliver_time desc);
create index batches_scope_time on batches(cus_id, create_time desc);
create index batches_time on batches(create_time desc);
create index time_mt_scope on time_mt_messages(cus_id, create_time desc);

-- One number-status check.
create table number_status_batches (
  batch_id text primary key,
  cus_id text not null references accounts(cus_id),
  batch_name text not null,
  batch_count int not null,
  invalid_count int not null default 0,
  real_count int not null default 0,
  dead_count int not null default 0,
  down_count int not null default 0,
  not_count int not null default 0,
  silence_count int not null default 0,
  danger_count int not null default 0,
  create_time timestamptz not null
);
create index number_status_batches_scope on number_status_batches(cus_id, create_time desc);

-- Number-porting lookups and blacklist checks, one row per number queried (kind 'porting' | 'black').
create table number_queries (
  id bigserial primary key,
  kind text not null,
  cus_id text not null references accounts(cus_id),
  mobile text not null,
  success boolean not null,
  create_time timestamptz not null
);
create index number_queries_scope on number_queries(kind, cus_id, create_time desc);

create table aim_materials (
  material_id text primary key,
  cus_id text not null references accounts(cus_id),
  name text not null,
  media_type text not null,
  size int not null,
  create_time timestamptz not null
);
create index aim_materials_scope on aim_materials(cus_id, create_time desc);

create table aim_templates (
  template_id text primary key,
  cus_id text not null references accounts(cus_id),
  template_name text not null,
  content text not null,
  status smallint not null default 1,
  create_time timestamptz not null
);
create index aim_templates_scope on aim_templates(cus_id, create_time desc);
