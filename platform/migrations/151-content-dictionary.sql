-- Content search over send records through a dictionary of their texts. A trigram index on mt_records itself took
-- fifty-odd GIN entries for every record written and again for every report written to it (that update changes
-- indexed columns, so it is never heap-only): about a quarter of what those two statements cost PostgreSQL, and
-- 40 % of their WAL. A campaign sends one text to many numbers, so each account's texts are indexed once each in
-- mt_contents, and a record keeps an 8-byte key to its text (hashtextextended; two texts share a key about once in
-- 2^64 pairs, which the search's recheck on the record's own content answers). The dictionary is per account so that
-- a search looks only at texts its caller may see.
-- Adding the generated column rewrites mt_records once, under its lock, in the migrating transaction.
alter table mt_records add column if not exists content_key bigint generated always as (hashtextextended(content, 0)) stored;
create index if not exists mt_content_key on mt_records(content_key);

-- No unique key: two transactions writing a new text at once each add a row rather than one waiting for the other
-- (or, holding texts in opposite orders, deadlocking). A duplicate row only repeats a key the search already finds.
create table if not exists mt_contents (
  cus_id text not null,
  key bigint not null,
  content text not null
);
create index if not exists mt_contents_key on mt_contents(key, cus_id);
insert into mt_contents (cus_id, key, content)
  select distinct on (cus_id, content_key) cus_id, content_key, content from mt_records m
   where not exists (select 1 from mt_contents c where c.key = m.content_key and c.cus_id = m.cus_id)
   order by cus_id, content_key;
create index if not exists mt_contents_trgm on mt_contents using gin (content gin_trgm_ops);
drop index if exists mt_content_trgm;

-- Every way a record is written (sends, seeds, system messages) notes its text here, once per statement.
create or replace function note_mt_contents() returns trigger language plpgsql as $$
begin
  insert into mt_contents (cus_id, key, content)
    select distinct on (n.cus_id, n.content_key) n.cus_id, n.content_key, n.content from new_records n
     where not exists (select 1 from mt_contents c where c.key = n.content_key and c.cus_id = n.cus_id)
     order by n.cus_id, n.content_key;
  return null;
end $$;
drop trigger if exists mt_contents_on_insert on mt_records;
create trigger mt_contents_on_insert after insert on mt_records referencing new table as new_records
  for each statement execute function note_mt_contents();

-- A statement that rewrites a record's text notes the new text too. Row by row and only when the statement sets the
-- content, so the report update, which does not, never fires it.
create or replace function note_mt_content() returns trigger language plpgsql as $$
begin
  insert into mt_contents (cus_id, key, content)
    select new.cus_id, new.content_key, new.content
     where not exists (select 1 from mt_contents c where c.key = new.content_key and c.cus_id = new.cus_id);
  return null;
end $$;
drop trigger if exists mt_contents_on_update on mt_records;
create trigger mt_contents_on_update after update of content on mt_records for each row execute function note_mt_content();
