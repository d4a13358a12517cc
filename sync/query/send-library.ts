import type { AddressGroupDoc, AddressMemberDoc, ContentTemplateDoc } from '../../contract/library.schema';
import type { LocalDb } from '../store/local-db';
import { runQuery, type Query } from './query';

// What the send forms pick from the local replicas: approved content templates of the sending
// account and address-book groups, and the numbers of the chosen groups' members. Read through the one query
// vocabulary, so the pickers work offline; the numbers then go through the same check as pasted ones.

export type Option = { label: string; value: string };

/** A content template may be sent once review approved it (check_status 2). */
export const APPROVED_CHECK_STATUS = 2;

export const approvedTemplatesQuery = (cusId: string): Query => ({
  collection: 'templates',
  filters: [
    { op: 'eq', field: 'kind', value: 'content' },
    { op: 'eq', field: 'cus_id', value: cusId },
    { op: 'eq', field: 'check_status', value: APPROVED_CHECK_STATUS },
  ],
  limit: 1000,
});

export const groupsQuery = (): Query => ({
  collection: 'address_book',
  filters: [{ op: 'eq', field: 'kind', value: 'group' }],
  limit: 1000,
});

/** Picker options of approved templates (the check is repeated here, so rows from any source are safe to pass). */
export function templateOptions(
  rows: Pick<ContentTemplateDoc, 'check_status' | 'keyword' | 'template_content'>[],
): Option[] {
  return rows
    .filter((x) => x.check_status === APPROVED_CHECK_STATUS)
    .map((x) => ({
      label: x.keyword ? `${x.keyword}: ${x.template_content}` : x.template_content,
      value: x.template_content,
    }));
}

export function groupOptions(rows: Pick<AddressGroupDoc, 'groupId' | 'groupName' | 'memberCount'>[]): Option[] {
  return rows.map((g) => ({ label: `${g.groupName} (${g.memberCount})`, value: g.groupId }));
}

export async function approvedTemplates(db: LocalDb, cusId: string): Promise<Option[]> {
  return templateOptions(
    (await runQuery<ContentTemplateDoc>(approvedTemplatesQuery(cusId), { db, online: false, horizon: 0 })).rows,
  );
}

export async function groups(db: LocalDb): Promise<Option[]> {
  return groupOptions((await runQuery<AddressGroupDoc>(groupsQuery(), { db, online: false, horizon: 0 })).rows);
}

const PAGE = 5000;

export interface GroupNumbers {
  /** the members' numbers, one per line, in group order (duplicates are left to the check). */
  text: string;
  /** members in the local replica, and members the groups say they have: fewer while the members still sync. */
  have: number;
  expected: number;
}

/** The members' numbers of the chosen groups, with how many of the groups' members the replica holds yet. */
export async function groupMobiles(db: LocalDb, groupIds: string[]): Promise<GroupNumbers> {
  const out: string[] = [];
  let have = 0;
  for (const groupId of groupIds) {
    let after: string | null = null;
    do {
      const q: Query = {
        collection: 'address_book',
        filters: [
          { op: 'eq', field: 'kind', value: 'member' },
          { op: 'eq', field: 'groupId', value: groupId },
        ],
        limit: PAGE,
        after,
      };
      const page = await runQuery<AddressMemberDoc>(q, { db, online: false, horizon: 0 });
      have += page.rows.length;
      for (const m of page.rows) if (m.mobile) out.push(m.mobile);
      after = typeof page.next === 'string' ? page.next : null;
    } while (after);
  }
  const chosen = new Set(groupIds);
  const groupRows = (await runQuery<AddressGroupDoc>(groupsQuery(), { db, online: false, horizon: 0 })).rows.filter(
    (g) => chosen.has(g.groupId),
  );
  const expected = groupRows.reduce((n, g) => n + Number(g.memberCount ?? 0), 0);
  return { text: out.join('\n'), have, expected };
}
