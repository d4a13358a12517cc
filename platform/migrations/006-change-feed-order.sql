-- Commit order of the change feed. A seq is handed out when a row is written, not when its transaction
-- commits, so on PostgreSQL a pull could see seq 6 committed while seq 5 is still in flight and move past it for good.
-- Writers to replicated tables hold a shared advisory lock (key 727002) from before they take their first seq until
-- they end. The feed reads the sequence's last handed-out value, then lists the lock's holders: once those have all
-- ended, every row at or below that value is committed (or rolled back) and visible (platform/db/change-seq.ts).
-- Shared locks never conflict and no one ever takes this lock exclusively, so writers never wait on it or on pulls.

-- Statement-level, so a 100k-row insert takes the lock once; statement triggers fire before any row of the statement
-- evaluates its seq default (or its bump_change_seq row trigger). Every table with a seq column needs one
-- (tests/api/feed-order.test.ts checks).
create or replace function hold_change_seq() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(727002);
  return null;
end $$;

create trigger batches_seq_hold before insert or update on batches for each statement execute function hold_change_seq();
create trigger mt_seq_hold before insert or update on mt_records for each statement execute function hold_change_seq();
create trigger mo_seq_hold before insert or update on mo_records for each statement execute function hold_change_seq();
create trigger time_batches_seq_hold before insert or update on time_batches for each statement execute function hold_change_seq();
create trigger time_mt_seq_hold before insert or update on time_mt_messages for each statement execute function hold_change_seq();
create trigger stat_seq_hold before insert or update on stat_rows for each statement execute function hold_change_seq();

-- One sample for the feed, in this order: the last seq handed out, then the transactions (virtual ids) holding the
-- writers' lock. A seq at or below `handed` was taken under the lock before the list was read, so its transaction has
-- ended or is listed. In one function so the two reads cannot be reordered.
create or replace function change_seq_sample(out handed bigint, out writers text[]) language plpgsql as $$
begin
  select case when is_called then last_value else last_value - 1 end into handed from change_seq;
  select coalesce(array_agg(l.virtualtransaction), '{}') into writers
    from pg_locks l
   where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = 727002 and l.objsubid = 1
     and l.database = (select oid from pg_database where datname = current_database());
end $$;
