-- The login before the current one: what the dashboard and the user info show as the last login, so a user sees
-- when the account was last used before they came in (last_login_at is always this very login). Set from
-- last_login_at as each login starts (platform/routes/auth.routes.ts).
alter table users add column previous_login_at timestamptz;
