-- The duplicate window keyed by one number per (enterprise, number, text): hashtextextended of the number, seeded with
-- 64 bits of the SHA-256 of the enterprise and the text (platform/messaging/send-policy-count.ts). A send writes a row
-- per number it takes, so the row and its one index entry are most of what the window costs; a bigint key keeps both
-- small and its comparisons cheap. Two texts to one number share a key once in about 2^64 pairs: the later one is then
-- refused as a duplicate within the window.
-- A table of its own, beside policy_recent rather than in its place: during a rolling upgrade the instances still on
-- the older code keep claiming texts there without failing (a text claimed there is not seen by the newer instances,
-- and the reverse, until they are replaced), and the newer ones prune it empty within a day.
create table if not exists policy_recent_keys (
  k bigint primary key,
  at timestamptz not null,
  -- the time the row held before a claim that replaced it, given back when that send did not take the message
  prev_at timestamptz
);
-- read by time only to prune rows past a day, written in time order: a block-range index, as policy_recent's
create index if not exists policy_recent_keys_at_brin on policy_recent_keys using brin (at);
