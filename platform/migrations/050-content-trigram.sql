-- Content search: "contains" filters on record contents are `content like '%x%'`, answered from a pg_trgm
-- GIN index instead of a scan. PGlite loads the extension at open (platform/db/pglite-db.ts); PostgreSQL ships it in
-- contrib. Chinese text is indexed on PostgreSQL 18 (PGlite) and on older servers whose database ctype is a UTF-8
-- locale; under the plain C ctype, PostgreSQL before 18 keeps only ASCII letters and digits in trigrams, so a Chinese
-- search there scans as before. Searches shorter than 3 characters have no trigram and are answered by the time index.
create extension if not exists pg_trgm;
create index if not exists mt_content_trgm on mt_records using gin (content gin_trgm_ops);
create index if not exists mo_content_trgm on mo_records using gin (content gin_trgm_ops);
create index if not exists time_batches_content_trgm on time_batches using gin (content gin_trgm_ops);
