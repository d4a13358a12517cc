-- The carrier dispatcher's queue: a record waiting for a carrier, or for its receipts until the deadline. Claiming and
-- leasing a small row here, rather than moving the record's own due time, leaves mt_records (and its content index)
-- written once, when the record ends. `leased`: handed to a round to send; found leased at its deadline with no parts,
-- the round's instance stopped mid-send and the record ends unknown rather than being sent again.
create table if not exists carrier_queue (
  sn text primary key,
  due_at timestamptz not null,
  leased boolean not null default false
);
create index if not exists carrier_queue_due on carrier_queue (due_at);
