-- Each instance's figures per carrier per minute, for the operator's chart of the last hour: what it submitted and
-- the carrier accepted, the final receipts it matched, those that said delivered, and their latencies summed (a mean
-- sums over instances; a percentile would not). An instance rewrites its own row of the current minute as it counts,
-- so a row is never added to twice; the chart sums the instances' rows. Rows past two hours are pruned.
create table if not exists carrier_minutes (
  minute timestamptz not null,
  carrier text not null,
  instance_id text not null,
  submitted integer not null,
  accepted integer not null,
  receipts integer not null,
  delivered integer not null,
  latency_ms bigint not null,
  primary key (minute, carrier, instance_id)
);
