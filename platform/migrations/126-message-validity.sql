-- A message's own validity (SMPP validity_period): past it, a message no carrier has taken yet is not submitted and
-- ends expired. Null: only the carriers file's validityS bounds it.
alter table carrier_queue add column if not exists expires_at timestamptz;
