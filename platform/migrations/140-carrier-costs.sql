-- What a carrier charges per segment for a country (ISO alpha-2) or a number prefix (E.164 digits), from a date on.
-- Rows are kept: a later effective_from replaces an earlier row of the same carrier and scope from that date, and the
-- earlier one still says what the messages before it cost. Yuan per segment, exact, as prices are.
create table if not exists carrier_costs (
  id bigserial primary key,
  carrier text not null,
  country text,
  prefix text,
  cost numeric(12,4) not null check (cost >= 0),
  effective_from timestamptz not null,
  updated_at timestamptz not null,
  updated_by text not null,
  check ((country is null) <> (prefix is null))
);
create unique index if not exists carrier_costs_scope on carrier_costs (carrier, coalesce(country, ''), coalesce(prefix, ''), effective_from);

-- The carrier that took each record and what it cost, written once a dispatch round per round (a re-routed record's
-- row is the carrier that finally took it). A side table rather than columns of mt_records: writing it touches none
-- of mt_records' indexes nor its change feed. A null cost is a carrier without a cost for that number: unknown, not 0.
create table if not exists record_costs (
  sn text primary key,
  carrier text not null,
  segments smallint not null,
  cost numeric(20,4), -- wide enough for any segments times any cost: a round never fails on it
  at timestamptz not null
);
