import type { AddressBookEntry } from '../../contract/entities.schema';
import type { AddressBookMemberForm } from '../../contract/validation/address-book.rules';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds } from '../auth/scope';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { LIBRARY_SOURCES } from './sources';

// Address-book reads and writes. Groups belong to the caller's own account; members to their group's account.
// member_count is recounted in the same transaction, so the group's row (and its feed seq) follows its members.

export async function visibleGroup(
  q: Queryable,
  user: CurrentUser,
  groupId: string,
): Promise<{ group_id: string; cus_id: string; group_name: string }> {
  const [g] = await q.query<{ group_id: string; cus_id: string; group_name: string }>(
    'select group_id, cus_id, group_name from address_groups where group_id = $1 and cus_id = any($2::text[]) and deleted = false',
    [groupId, readableCusIds(user, 'data')],
  );
  if (!g) throw badRequest('library.groupNotFound', {}, 'groupId');
  return g;
}

export async function recount(q: Queryable, groupIds: string[]): Promise<void> {
  await q.query(
    `update address_groups g set member_count = (select count(*) from address_members m where m.group_id = g.group_id and m.deleted = false)
      where g.group_id = any($1::text[])`,
    [[...new Set(groupIds)]],
  );
}

/** The member's columns from a form, in insert order after id, cus_id, group_id. */
export const memberValues = (f: AddressBookMemberForm) => [
  f.name,
  f.mobile,
  f.email ?? '',
  f.jobNumber ?? '',
  f.gender ?? '',
  f.birthday ?? '',
  f.remark ?? '',
];

const GROUPS = LIBRARY_SOURCES.addressGroup;
const MEMBERS = LIBRARY_SOURCES.addressMember;

/** A live member of one of cusIds, with its feed columns. */
export async function memberOf(q: Queryable, cusIds: string[], id: string): Promise<AddressBookEntry | undefined> {
  const [m] = await q.query<AddressBookEntry>(
    `select ${MEMBERS.select} from ${MEMBERS.from} where am.id = $1 and am.cus_id = any($2::text[]) and ${MEMBERS.base}`,
    [id, cusIds],
  );
  return m;
}

/** The groups of cusIds that have members, newest first, at most 1000. */
export function groupsWithMembers(q: Queryable, cusIds: string[]): Promise<Record<string, unknown>[]> {
  return q.query<Record<string, unknown>>(
    `select ${GROUPS.select} from ${GROUPS.from} where g.cus_id = any($1::text[]) and ${GROUPS.base} and g.member_count > 0 order by g.create_time desc limit 1000`,
    [cusIds],
  );
}

export async function groupRow(q: Queryable, groupId: string): Promise<Record<string, unknown>> {
  const [row] = await q.query<Record<string, unknown>>(
    `select ${GROUPS.select} from ${GROUPS.from} where g.group_id = $1`,
    [groupId],
  );
  return row;
}

/** Throws the unique violation when the account already has a group of that name. */
export async function insertGroup(
  q: Queryable,
  g: { groupId: string; cusId: string; groupName: string; remark: string; createTime: Date },
): Promise<void> {
  await q.query(
    'insert into address_groups(group_id, cus_id, group_name, remark, create_time) values ($1,$2,$3,$4,$5)',
    [g.groupId, g.cusId, g.groupName, g.remark, g.createTime],
  );
}

/** A null remark keeps the one stored; throws the unique violation when the name is taken. */
export async function renameGroup(
  q: Queryable,
  groupId: string,
  groupName: string,
  remark: string | null,
): Promise<void> {
  await q.query('update address_groups set group_name = $2, remark = coalesce($3, remark) where group_id = $1', [
    groupId,
    groupName,
    remark,
  ]);
}

/** Members carry their group's name: touching them sends them down the feed again. */
export async function touchGroupMembers(q: Queryable, groupId: string): Promise<void> {
  await q.query('update address_members set updated_at = now() where group_id = $1 and deleted = false', [groupId]);
}

/** The group's row alone: its members vanish with it and are tombstoned in batches (group-purge.ts). */
export async function markGroupDeleted(q: Queryable, groupId: string): Promise<void> {
  await q.query(
    'update address_groups set deleted = true, member_count = 0, purge_pending = true where group_id = $1',
    [groupId],
  );
}

export async function insertMember(
  q: Queryable,
  id: string,
  group: { cus_id: string; group_id: string },
  f: AddressBookMemberForm,
  createTime: Date,
) {
  await q.query(
    `insert into address_members(id, cus_id, group_id, name, mobile, email, job_number, gender, birthday, remark, create_time)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [id, group.cus_id, group.group_id, ...memberValues(f), createTime],
  );
}

/** Moves the member into `group` (its account follows) with the form's values. */
export async function updateMember(
  q: Queryable,
  id: string,
  group: { cus_id: string; group_id: string },
  f: AddressBookMemberForm,
) {
  await q.query(
    `update address_members set cus_id = $2, group_id = $3, name = $4, mobile = $5, email = $6, job_number = $7, gender = $8, birthday = $9, remark = $10
            where id = $1`,
    [id, group.cus_id, group.group_id, ...memberValues(f)],
  );
}

/** Tombstones the live members among ids that belong to cusIds; answers their groups and accounts. */
export function deleteMembers(q: Queryable, ids: string[], cusIds: string[]) {
  return q.query<{ group_id: string; cus_id: string }>(
    'update address_members set deleted = true where id = any($1::text[]) and cus_id = any($2::text[]) and deleted = false returning group_id, cus_id',
    [ids, cusIds],
  );
}

/** The distinct numbers of the live members of the groups among groupIds that belong to cusIds. */
export function groupMobiles(q: Queryable, groupIds: string[], cusIds: string[]) {
  return q.query<{ mobile: string }>(
    `select distinct m.mobile from address_members m join address_groups g on g.group_id = m.group_id
        where m.group_id = any($1::text[]) and g.cus_id = any($2::text[]) and m.deleted = false and g.deleted = false order by m.mobile`,
    [groupIds, cusIds],
  );
}
