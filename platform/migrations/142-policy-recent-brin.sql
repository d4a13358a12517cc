-- The duplicate window writes a row per number sent, in time order, and reads them by time only to prune those past a
-- day. A block-range index keeps that prune an index scan at a fraction of a b-tree's upkeep on every send.
drop index if exists policy_recent_at;
create index if not exists policy_recent_at_brin on policy_recent using brin (at);
