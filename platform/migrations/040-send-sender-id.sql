-- International sends carry a sender id: kept on the batch it was sent with. Timed batches keep it in
-- their request until they are due.
alter table batches add column if not exists sender_id text;
