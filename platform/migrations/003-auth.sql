-- Auth support: failed-login counters shared by every instance, the platform's own account (sender of
-- registration codes before the new account exists), and the site settings behind the login page.

-- One row per failed password login; the throttle counts rows per account and per client address in a window.
create table login_failures (
  id bigserial primary key,
  username text not null,                      -- lower-cased as typed; also for unknown accounts
  address text not null,
  at timestamptz not null,
  forgiven boolean not null default false      -- a later successful login clears the account's count, not the address's
);
create index login_failures_user on login_failures(username, at);
create index login_failures_address on login_failures(address, at);

insert into accounts(cus_id, cus_name, ep_id, status) values ('SYSTEM', '平台系统账号', 'SYSTEM', 1) on conflict do nothing;

-- Login page settings; an operator edits these rows.
insert into site_settings(key, value) values
  ('client_name', '短信云平台'),
  ('client_website_beian', '京ICP备00000000号-1'),
  ('login_page', 'default'),
  ('show_language', 'true'),
  ('logo_type', 'svg+xml'),
  ('logo', replace(encode(convert_to(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
    || '<rect width="64" height="64" rx="14" fill="#409EFF"/>'
    || '<path d="M14 18h36a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4H30l-10 8v-8h-6a4 4 0 0 1-4-4V22a4 4 0 0 1 4-4z" fill="#fff"/>'
    || '<circle cx="23" cy="31" r="3" fill="#409EFF"/><circle cx="32" cy="31" r="3" fill="#409EFF"/><circle cx="41" cy="31" r="3" fill="#409EFF"/>'
    || '</svg>', 'UTF8'), 'base64'), E'\n', ''))
on conflict do nothing;
