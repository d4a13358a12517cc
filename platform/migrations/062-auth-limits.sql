-- The address that asked for each captcha: an address may hold only so many unanswered ones (platform/auth/captcha.ts).
alter table captchas add column client_address text;
create index captchas_client_address on captchas (client_address);

-- Fixed-window counters for requests that cost money or rows before anyone has logged in (registration codes per
-- client address, per mobile and in all: platform/auth/request-limits.ts). One row per key, counted by one upsert.
create table request_counters (
  key text primary key,
  hits int not null,
  window_ends_at timestamptz not null
);
create index request_counters_window_ends_at on request_counters (window_ends_at);
