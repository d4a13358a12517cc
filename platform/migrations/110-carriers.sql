-- The platform as a client of its carriers' SMSCs.
-- carrier_parts: each submit_sm of a record (a long message has several), the carrier it went to and the message id
-- its submit_sm_resp gave, as received and as the key receipts are matched by. A part is written as 'submitting'
-- before it goes out, so a record whose instance stopped mid-send is never sent again: it ends as unknown.
create table if not exists carrier_parts (
  sn text not null,
  part smallint not null,
  carrier text not null,
  carrier_id text,
  carrier_key text,
  state text not null,
  err text,
  submitted_at timestamptz not null,
  done_at timestamptz,
  primary key (sn, part)
);
create index if not exists carrier_parts_key on carrier_parts (carrier, carrier_key) where carrier_key is not null;

-- Receipts as they arrive, written before the deliver_sm_resp: whichever instance holds the part's record applies
-- them, and one that arrives before its submit's answer is stored waits for it.
create table if not exists carrier_receipts (
  id bigserial primary key,
  carrier text not null,
  carrier_key text not null,
  stat text not null,
  err text,
  received_at timestamptz not null
);
create index if not exists carrier_receipts_key on carrier_receipts (carrier, carrier_key);

-- Each instance's view of its links, written every few seconds; the console sums the fresh rows.
create table if not exists carrier_status (
  instance_id text not null,
  carrier text not null,
  stats jsonb not null,
  updated_at timestamptz not null,
  primary key (instance_id, carrier)
);
