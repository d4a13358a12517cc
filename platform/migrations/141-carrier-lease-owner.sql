-- The instance that leased a queued record to send it (carrier_status.instance_id). A record leased by an instance
-- that no longer writes its carrier status, with no part written, was being sent when that instance died: it ends
-- unknown then rather than at the receipt deadline, and is never sent again (it may have reached the carrier).
alter table carrier_queue add column if not exists leased_by text;
-- the owners of leased records, found one index step each, so the check for dead ones never visits a live one's rows
create index if not exists carrier_queue_leased_by on carrier_queue (leased_by) where leased;
