-- Number-status batch checks run in the background: a batch is accepted with its numbers and checked in
-- chunks; checked_count is its progress. status 0 checking, 1 done. Batches made before this ran were all done.
alter table number_status_batches add column status smallint not null default 1;
alter table number_status_batches add column checked_count int not null default 0;
update number_status_batches set checked_count = batch_count;
create index number_status_batches_pending on number_status_batches(create_time) where status = 0;
-- the numbers of a batch, in upload order (also the source of its results download)
create table number_status_numbers (
  batch_id text primary key references number_status_batches(batch_id) on delete cascade,
  mobiles text[] not null
);

-- Replies sent from a conversation (/interact/messageInteractSend): the MT record each became, so a thread knows
-- which of its messages were answers and when the account last replied.
create table interact_replies (
  sn text primary key,
  cus_id text not null references accounts(cus_id),
  mobile text not null,
  batch_id text not null,
  content text not null,
  create_time timestamptz not null
);
create index interact_replies_thread on interact_replies(cus_id, mobile, create_time desc);
create index mo_thread on mo_records(cus_id, mobile, deliver_time desc);
