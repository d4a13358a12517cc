-- Hardening.
-- An Idempotency-Key answers a retry only of the same request: its route and a hash of its body are kept with it.
alter table idempotency_keys add column request_hash text;

-- Login guessing is counted per (account, address) with a growing lock, per address across accounts, and per account
-- across addresses (which asks for the captcha rather than locking anyone out). One row per key; a failure bumps its
-- count with one atomic upsert, so parallel guesses cannot all be checked before the first one is counted.
create table login_guards (
  key text primary key,                       -- 'pair:<user>|<address>', 'addr:<address>' or 'user:<user>'
  failures int not null default 0,
  window_start timestamptz not null,
  locked_until timestamptz,
  lock_level int not null default 0            -- locks so far: each is twice as long as the last
);

-- Single-use, short-lived tickets that open one event stream, so a token never travels in a URL.
create table stream_tickets (
  ticket_hash text primary key,
  token_hash text not null,
  expires_at timestamptz not null
);

-- login_guards replaces the per-row failure log, whose count-then-check let parallel guesses through.
drop table login_failures;

-- What the carrier must deliver when the record shows less: a login or registration code is recorded masked, and its
-- real text waits here only until the carrier has it. No list, export, feed or log selects this column.
alter table mt_records add column secret text;
