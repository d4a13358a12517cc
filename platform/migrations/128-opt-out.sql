-- The blacklist becomes a list people manage and consoles replicate: each entry says where it came from (a keyword
-- reply, an import, a manual entry, a complaint), who added it and why, and whether it covers the whole enterprise
-- (cus_id '') or only one account's messages. A removed entry stays as a tombstone (deleted) so the feed can tell
-- consoles; every check reads live entries only.
alter table blacklist add column cus_id text not null default '';
alter table blacklist add column created_by text;
alter table blacklist add column note text;
alter table blacklist add column seq bigint not null default nextval('change_seq');
alter table blacklist add column deleted boolean not null default false;
alter table blacklist add column updated_at timestamptz not null default now();
-- the entry's id follows from what it is, so a console adding a number offline names the row the platform will hold
alter table blacklist add column id text generated always as (ep_id || ':' || cus_id || ':' || mobile) stored;
alter table blacklist drop constraint blacklist_pkey;
alter table blacklist add primary key (ep_id, cus_id, mobile);
create unique index blacklist_id on blacklist(id);
-- lists walk an entry's reach (platform/messaging/blacklist-list.ts): the enterprise's shared entries, or one account's
create index blacklist_scope on blacklist((case when cus_id = '' then 'ep:' || ep_id else cus_id end), created_at desc, id);
create index blacklist_number on blacklist((case when cus_id = '' then 'ep:' || ep_id else cus_id end), mobile text_pattern_ops);
create index blacklist_seq on blacklist(seq);
create trigger blacklist_seq_bump before update on blacklist for each row execute function bump_change_seq();
create trigger blacklist_seq_hold before insert or update on blacklist for each statement execute function hold_change_seq();

-- What replies do to the blacklist, per enterprise; an enterprise without a row has the defaults
-- (contract/validation/opt-keywords.ts). scope: 'enterprise' (an opt-out stops every account's messages) or 'account'
-- (only those of the account whose message was answered). The confirmations are sent free, once per change.
create table opt_out_settings (
  ep_id text primary key,
  opt_out_words text[] not null,
  opt_in_words text[] not null,
  scope text not null default 'enterprise',
  confirm boolean not null default false,
  confirm_out_zh text not null default '',
  confirm_out_en text not null default '',
  confirm_in_zh text not null default '',
  confirm_in_en text not null default '',
  updated_at timestamptz not null default now(),
  updated_by text
);
