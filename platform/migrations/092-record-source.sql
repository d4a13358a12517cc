-- Source filter of the send records (console, SMPP, HTTP API), newest first, as the status filter is: the sources
-- other than the console are a small share of the rows, and a walk of the time index would read past the rest.
-- Within an account and product line.
create index if not exists mt_scope_source_time on mt_records(cus_id, prod_type, source, receive_time desc);
-- Across all visible accounts.
create index if not exists mt_prod_source_time on mt_records(prod_type, source, receive_time desc);
