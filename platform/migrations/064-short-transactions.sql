-- Large imports and sends are written in many short transactions, so no request holds the database for the whole
-- of one; what a run has done so far is kept here, so a rerun (or the next background round) finishes it instead of
-- doing it again.

-- An address-book import in progress or done: rows of the sheet up to next_row are in the group, imported counts
-- them and group_dups lists the rows whose mobile was already there (the report names them on a rerun too).
create table member_imports (
  import_id text primary key,
  user_id int not null,
  idem_key text,                               -- the request's Idempotency-Key: a retry finds this import by it
  group_id text not null,
  file_id text not null,
  next_row int not null default 1,
  imported int not null default 0,
  group_dups int[] not null default '{}',
  create_time timestamptz not null default now()
);
create unique index member_imports_key on member_imports(user_id, idem_key) where idem_key is not null;

-- A send made with an Idempotency-Key, written in the transaction that charges it: a rerun of the same request (its
-- first run cut short before the answer was stored) answers this instead of charging again.
create table send_requests (
  user_id int not null,
  idem_key text not null,
  answer jsonb not null,
  create_time timestamptz not null default now(),
  primary key (user_id, idem_key)
);

-- A batch whose records are still being written: charged and its batch row created in one transaction with this row
-- (holding every number), its records then written from next_n on, a chunk per transaction. done once all are.
create table batch_inserts (
  batch_id text primary key,
  cus_id text not null,
  fixed jsonb not null,                        -- what every record of the batch shares (status, times, content, title)
  next_n int not null,                         -- records 1..next_n are written
  mobiles text[] not null,
  contents text[],                             -- per number (one-to-one), else null
  segments int[] not null,
  price_units bigint[] not null,               -- each record's price, 1/10000 yuan
  country_codes text[],
  country_names text[],
  done boolean not null default false,
  failed text,                                 -- why records were given up (refunded), when some were
  create_time timestamptz not null default now()
);
create index batch_inserts_open on batch_inserts(create_time) where not done;
