-- Re-routing under the customer's message id: the carriers that refused a queued message for a temporary reason in
-- this round of attempts, passed over by its next attempt while another carrier of its route can take it; and each
-- attempt of a message that needed more than one, with its carrier, time and answer, for the message's detail.
alter table carrier_queue add column if not exists avoid text[] not null default '{}';

create table if not exists carrier_attempts (
  sn text not null,
  attempt smallint not null,
  carrier text not null,
  at timestamptz not null,
  answer text not null,
  primary key (sn, attempt)
);
