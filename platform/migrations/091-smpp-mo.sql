-- Replies (MO) wait in the same outbox as receipts, so they share its delivery to receiver binds, its retention and
-- its claim across instances. A reply row names the reply's record in message_ids and leaves stat and err empty.
alter table smpp_outbox add column if not exists kind text not null default 'receipt';
