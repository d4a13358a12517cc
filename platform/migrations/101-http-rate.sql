-- The HTTP API's max speed per account, held in the database so that every platform instance draws from one bucket:
-- tokens (recipients) as of `at`; refilled at the account's rate when next drawn.
create table if not exists http_rate_buckets (
  cus_id text primary key references accounts(cus_id) on delete cascade,
  tokens double precision not null,
  at timestamptz not null
);
