-- Sample CRUD: a generic item of an account, for integrators trying the API's list/add/update/delete shape.
create table crud_items (
  id text primary key,
  cus_id text not null references accounts(cus_id),
  name text not null,
  remark text not null default '',
  create_time timestamptz not null
);
create index crud_items_account on crud_items(cus_id, create_time desc, id);
