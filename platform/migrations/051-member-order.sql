-- Member lists are ordered newest first with the id as tie-breaker (platform/records/list-query.ts orderOf), and an
-- import gives 100,000 members one create_time: without the id, descending, in the index, page 1 of a big group sorted
-- every member of it (2 s at 100,000 on a busy machine).
drop index if exists address_members_group;
create index address_members_group on address_members(group_id, create_time desc, id desc) where not deleted;
drop index if exists address_members_scope;
create index address_members_scope on address_members(cus_id, create_time desc, id desc);
