-- A carrier may give one message id to several messages. A receipt finds the newest part still waiting under that id
-- (by this index); stored receipts wait one per (carrier, id), the first final state standing, and are retried with a
-- growing pause (tries, next_try_at) so receipts for ids never seen cost little until they are dropped.
create index if not exists carrier_parts_waiting on carrier_parts (carrier, carrier_key, submitted_at desc) where state = 'pending' and carrier_key is not null;
delete from carrier_receipts r using carrier_receipts o where o.carrier = r.carrier and o.carrier_key = r.carrier_key and o.id < r.id;
drop index if exists carrier_receipts_key;
create unique index if not exists carrier_receipts_key_unique on carrier_receipts (carrier, carrier_key);
create index if not exists carrier_receipts_carrier_id on carrier_receipts (carrier, id);
alter table carrier_receipts add column if not exists tries integer not null default 0;
alter table carrier_receipts add column if not exists next_try_at timestamptz not null default now();
create index if not exists carrier_receipts_due on carrier_receipts (next_try_at);
-- A message a carrier refused for a temporary reason other than a throttle waits longer each time it is tried.
alter table carrier_queue add column if not exists tries smallint not null default 0;
