-- Each login keeps only its newest uploaded log entries (routes/log.routes.ts): the retention walks one login's rows
-- newest first after every upload.
create index client_logs_user on client_logs(user_id, id desc);
