-- A deleted group's members are tombstoned in batches after the delete (platform/library/group-purge.ts). The groups
-- still to purge are marked, so a round finds them at once: probing every deleted group for a live member walked the
-- dead entries its purge left in address_members_group, which PGlite (no autovacuum) keeps for good.
alter table address_groups add column purge_pending boolean not null default false;
create index address_groups_purge on address_groups(group_id) where purge_pending;
