-- Short links. One row per code: a link send makes one per recipient
-- (mobile set) so each click maps to a number; the conversion tool makes one per account and URL (mobile null).
-- Replicated to the console like send records (seq, deleted, updated_at; migration 006's statement lock).
create table short_links (
  code text primary key,
  sn text not null unique,
  cus_id text not null references accounts(cus_id),
  long_url text not null,
  -- the URL as it went out (base + code): the base is configurable, a sent message is not
  short_url text not null,
  mobile text,
  batch_id text,
  content text not null default '',
  expires_at timestamptz,
  create_time timestamptz not null,
  -- first click: time, system and browser; click_status 1 clicked, 2 not clicked
  click_time timestamptz,
  osystem text,
  browser text,
  click_status smallint not null default 2,
  click_count int not null default 0,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index short_links_scope_time on short_links(cus_id, create_time desc);
create index short_links_time on short_links(create_time desc);
create index short_links_batch on short_links(batch_id) where batch_id is not null;
create index short_links_seq on short_links(seq);
-- longToShort reuses an account's link for the same URL and expiry
create index short_links_tool on short_links(cus_id, long_url) where mobile is null and batch_id is null;
create trigger short_links_seq_bump before update on short_links for each row execute function bump_change_seq();
create trigger short_links_seq_hold before insert or update on short_links for each statement execute function hold_change_seq();
