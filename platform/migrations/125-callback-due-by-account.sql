-- The callback worker claims each account's oldest due deliveries in turn: this index finds the accounts with pending
-- deliveries one index step each, and each account's due rows in order, so a claim reads what it takes rather than
-- the whole backlog.
create index if not exists callback_due_by_account on callback_deliveries(cus_id, next_at, id) where status = 0;
