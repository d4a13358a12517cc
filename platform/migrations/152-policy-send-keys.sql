-- The per-number caps' counts keyed by one number per (enterprise, number, category): hashtextextended of the number,
-- seeded with 64 bits of the SHA-256 of the enterprise and the category (platform/messaging/send-policy-count.ts). A
-- capped send writes a row per number it takes, so the row and its index entries are most of what the caps cost; a
-- bigint key keeps the primary key small and its comparisons cheap, where policy_send_times' key was three text
-- columns and a time, with a second b-tree on the time. Two numbers share a key once in about 2^64 pairs: each then
-- counts the other's messages against its caps.
-- A table of its own, beside policy_send_times rather than in its place: during a rolling upgrade the instances still
-- on the older code keep counting there without failing (their counts are not seen by the newer instances until they
-- are replaced, and the reverse), and the newer ones prune it empty within a day.
create table if not exists policy_send_keys (
  k bigint not null,
  at timestamptz not null,
  n integer not null,
  primary key (k, at)
);
-- read by time only to prune rows past a day, written in time order: a block-range index
create index if not exists policy_send_keys_at_brin on policy_send_keys using brin (at);
