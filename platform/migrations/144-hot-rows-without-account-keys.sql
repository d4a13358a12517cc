-- The three tables written once per message (send records, HTTP message ids, callback deliveries) do not check
-- their account by foreign key. An account is never deleted (it is closed or marked removed), and every row is
-- written by the code that just read that account, so such a check would only cost: a lookup of the account row and a
-- FOR KEY SHARE lock on it for every row written, the row every send of that account locks to charge its balance.
alter table mt_records drop constraint if exists mt_records_cus_id_fkey;
alter table http_messages drop constraint if exists http_messages_cus_id_fkey;
alter table callback_deliveries drop constraint if exists callback_deliveries_cus_id_fkey;
