import { templateAddEndpoint } from '../../contract/endpoints/account.endpoints';
import {
  addressBookGroupAddEndpoint,
  addressBookGroupDelEndpoint,
  addressBookGroupModEndpoint,
  addressBookMemberAddEndpoint,
  addressBookMemberDelEndpoint,
  addressBookMemberModEndpoint,
} from '../../contract/endpoints/address-book.endpoints';
import {
  contentTemplateAddEndpoint,
  contentTemplateDeleteEndpoint,
  contentTemplateModEndpoint,
  cspTemplateAddEndpoint,
  cspTemplateDelEndpoint,
  videoTemplateDelEndpoint,
} from '../../contract/endpoints/template.endpoints';
import type { EventDoc } from '../store/local-db';
import type { CommandTable } from './command';

// Template and address-book commands through the event log and the outbox, Idempotency-Key = event id:
// an add made offline is pushed once when the network is back, however often the push is retried. The payload is
// the endpoint's request body, so the projection can show the new row at once.
const same = (p: Record<string, unknown>) => p;
export const LIBRARY_COMMANDS: CommandTable = {
  'template.content.add': { endpoint: contentTemplateAddEndpoint, body: same },
  'template.content.mod': {
    endpoint: contentTemplateModEndpoint,
    body: (p) => ({ template_id: p.id, template_content: p.template_content, keyword: p.keyword }),
  },
  'template.content.delete': { endpoint: contentTemplateDeleteEndpoint, body: (p) => ({ template_id: p.id }) },
  'template.video.add': { endpoint: templateAddEndpoint, body: same },
  'template.video.delete': { endpoint: videoTemplateDelEndpoint, body: (p) => ({ cus_template_id: p.id }) },
  'template.csp.add': { endpoint: cspTemplateAddEndpoint, body: same },
  'template.csp.delete': { endpoint: cspTemplateDelEndpoint, body: (p) => ({ template_id: p.id }) },
  'addressBook.group.add': { endpoint: addressBookGroupAddEndpoint, body: same },
  'addressBook.group.mod': {
    endpoint: addressBookGroupModEndpoint,
    body: (p) => ({ groupId: p.id, groupName: p.groupName, remark: p.remark }),
  },
  'addressBook.group.delete': { endpoint: addressBookGroupDelEndpoint, body: (p) => ({ groupId: p.id }) },
  'addressBook.member.add': { endpoint: addressBookMemberAddEndpoint, body: same },
  'addressBook.member.mod': { endpoint: addressBookMemberModEndpoint, body: same },
  'addressBook.member.delete': { endpoint: addressBookMemberDelEndpoint, body: (p) => ({ ids: [p.id] }) },
};

/** Commands on one template or group go out in order; adds have their own aggregate each. */
export const libraryAggregate = (kind: string, id: string) => `library:${kind}:${id}`;

type Pending<T> = T & { pending?: string };

/** What a new row of each kind starts as on the platform: a template pending review, an empty group. */
const NEW_ROW: Record<string, Record<string, unknown>> = {
  content: { check_status: 0, result_desc: null, check_time: null },
  video: { status: 5, size: 0 },
  csp: { template_status: 0 },
  group: { memberCount: 0 },
  member: {},
};

/** What an edit of each kind also changes on the platform: a changed template goes back to review. */
const EDITED_ROW: Record<string, Record<string, unknown>> = { content: NEW_ROW.content };

/** The projection of pending library commands over pulled rows of one kind: adds appear first (marked pending, with
 * the event id as their id), edits change the row, deletes mark it. A rejected event is no longer pending, so the row
 * rolls back by itself. */
export function projectLibrary<T extends { id: string }>(kind: string, rows: T[], pending: EventDoc[]): Pending<T>[] {
  const mine = pending.filter(
    (e) => e.status === 'pending' && e.type.split('.')[1] === kind && LIBRARY_COMMANDS[e.type],
  );
  if (mine.length === 0) return rows;
  const prefix = kind === 'group' || kind === 'member' ? 'addressBook' : 'template';
  const added = mine
    .filter((e) => e.type === `${prefix}.${kind}.add`)
    .map(
      (e) =>
        ({
          ...NEW_ROW[kind],
          ...e.payload,
          id: `pending:${e.id}`,
          kind,
          create_time: e.created_at,
          pending: e.type,
        }) as unknown as Pending<T>,
    )
    .reverse();
  const byId = new Map<string, EventDoc[]>();
  for (const e of mine) {
    const id = String(e.payload.id ?? '');
    if (id) byId.set(id, [...(byId.get(id) ?? []), e]);
  }
  const projected = rows.map((r) => {
    const evs = byId.get(r.id);
    if (!evs) return r;
    return evs.reduce<Pending<T>>(
      (acc, e) =>
        e.type.endsWith('.mod')
          ? { ...acc, ...EDITED_ROW[kind], ...e.payload, id: r.id, pending: e.type }
          : { ...acc, pending: e.type },
      r,
    );
  });
  return [...added, ...projected];
}
