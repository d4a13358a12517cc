-- The signed integrator API: nonces seen inside the timestamp window, the messages it sent (the id a caller queries
-- by is the record's sn) with the caller's reference, and the answers of sends made with an Idempotency-Key.

-- A nonce is taken by inserting it: two instances sharing the database agree on which request had it first. Rows
-- past their expiry (the end of the timestamp window) are pruned.
create table if not exists http_nonces (
  app_id text not null,
  nonce text not null,
  expires_at timestamptz not null,
  primary key (app_id, nonce)
);
create index if not exists http_nonces_expiry on http_nonces(expires_at);

create table if not exists http_messages (
  message_id text primary key,
  cus_id text not null references accounts(cus_id),
  batch_id text not null,
  client_ref text,
  sender text,
  submitted_at timestamptz not null
);
create index if not exists http_messages_account_time on http_messages(cus_id, submitted_at desc);

-- The per-number answer of a send with an Idempotency-Key, written in the transaction that charged it.
create table if not exists http_send_answers (
  cus_id text not null references accounts(cus_id),
  idem_key text not null,
  request_hash text not null,
  answer jsonb not null,
  created_at timestamptz not null default now(),
  primary key (cus_id, idem_key)
);
