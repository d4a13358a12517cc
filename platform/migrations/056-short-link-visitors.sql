-- Who has clicked a short link: one row per link and visitor, so a link's click_count counts visitors, not requests
-- (a reload, a link preview fetcher or a script repeating GETs adds nothing). The visitor is a keyed hash (HMAC) of
-- the client address and user agent: the same visitor maps to the same row, and no address is stored.
create table short_link_visitors (
  code text not null references short_links(code) on delete cascade,
  visitor text not null,
  first_time timestamptz not null,
  primary key (code, visitor)
);
