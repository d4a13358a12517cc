-- What the console shows of a live bind (its traffic, refreshed with the heartbeat), and a request from the console to
-- end it, carried out by whichever instance holds the bind.
alter table smpp_binds add column if not exists submitted bigint not null default 0;
alter table smpp_binds add column if not exists throttled bigint not null default 0;
alter table smpp_binds add column if not exists rate real not null default 0;
alter table smpp_binds add column if not exists end_requested boolean not null default false;
