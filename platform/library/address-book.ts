import type { AddressBookMemberForm } from '../../contract/validation/address-book.rules';
import type { CurrentUser } from '../auth/current-user';
import { readableCusIds } from '../auth/scope';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';

// Address-book writes. Groups belong to the caller's own account; members to their group's account.
// member_count is recounted in the same transaction, so the group's row (and its feed seq) follows its members.

export const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

export async function visibleGroup(q: Queryable, user: CurrentUser, groupId: string): Promise<{ group_id: string; cus_id: string; group_name: string }> {
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
