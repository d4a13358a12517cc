import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutcome, recordEvent } from '../../sync/commands/event-log';
import { createHttpClient } from '../../sync/http/http-client';
import { libraryAggregate } from '../../sync/commands/library-commands';
import { ALL_COMMANDS } from '../../sync/commands/all-command-tables';
import { createOutbox } from '../../sync/commands/outbox';
import { recordStoreOf } from '../../sync/store/record-store';
import { createReplicator } from '../../sync/replication/replication';
import { httpPull } from '../../sync/replication/replication-http';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, waitFor } from '../api/send.fixtures';
import { consoleFor, localAll } from './helpers';

// Templates and address books between the console's local database and a real platform: adds recorded in
// the event log are pushed once through a lost answer; an edit of a member deleted elsewhere is rejected with the
// platform's message; the five library feeds fill the two shared collections, kinds apart, tombstones removed.
describe('library sync', () => {
  let p: TestPlatform;
  let c: Awaited<ReturnType<typeof consoleFor>>;
  let loseNext = false;
  beforeAll(async () => {
    p = await startPlatform('pglite', { simulator: FAST_SIMULATOR, dataDir: null });
    c = await consoleFor(p, 'admin', 'EP0001');
  });
  afterAll(async () => {
    await c?.db.remove();
    await p?.close();
  });

  const outbox = () =>
    createOutbox({
      commands: ALL_COMMANDS,
      db: c.db,
      backoffMs: 10,
      client: createHttpClient({
        baseUrl: p.base,
        getToken: () => c.token,
        getLanguage: () => 'en',
        onUnauthorized: () => {},
        fetchImpl: async (input, init) => {
          const res = await fetch(input, init);
          if (loseNext) {
            loseNext = false;
            throw new TypeError('fetch failed');
          }
          return res;
        },
      }),
    });
  const settle = async (ob: ReturnType<typeof outbox>, id: string) => {
    await waitFor(
      async () => (await ob.flush(), (await c.db.events.findOne(id).exec())?.status),
      (s) => s !== 'pending',
    );
    return eventOutcome(c.db, id);
  };

  it('pushes an offline add once through a lost answer, and rejects an edit of a member deleted elsewhere', async () => {
    const ob = outbox();
    const content = `sync ${Date.now()} \${p1}`;
    const ev = await recordEvent(c.db, {
      type: 'template.content.add',
      aggregate: libraryAggregate('content', 'new:1'),
      payload: { cus_id: 'EP0001', template_content: content, keyword: '' },
      actor: 'admin',
    });
    loseNext = true;
    await ob.flush();
    expect((await c.db.events.findOne(ev.id).exec())?.status).toBe('pending');
    const done = await settle(ob, ev.id);
    expect(done.status).toBe('acked');
    const [{ n }] = await p.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from content_templates where template_content = $1',
      [content],
    );
    expect(Number(n)).toBe(1);

    const group = await recordEvent(c.db, {
      type: 'addressBook.group.add',
      aggregate: libraryAggregate('group', 'new:2'),
      payload: { groupName: 'sync group' },
      actor: 'admin',
    });
    const groupId = ((await settle(ob, group.id)).result as { groupId: string }).groupId;
    const member = await recordEvent(c.db, {
      type: 'addressBook.member.add',
      aggregate: libraryAggregate('member', 'new:3'),
      payload: { groupId, name: '甲', mobile: '13500000001' },
      actor: 'admin',
    });
    const memberId = ((await settle(ob, member.id)).result as { id: string }).id;
    // deleted elsewhere (another tab, another user), then edited here
    await p.call('/addressBook/addressBookMemberDel', { ids: [memberId] }, { token: c.token });
    const edit = await recordEvent(c.db, {
      type: 'addressBook.member.mod',
      aggregate: libraryAggregate('member', memberId),
      payload: { id: memberId, groupId, name: '乙', mobile: '13500000001' },
      actor: 'admin',
    });
    const rejected = await settle(ob, edit.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.last_error).toBe('No such contact');
  });

  it('replicates the five library feeds into the two shared collections', async () => {
    const rep = createReplicator({
      store: recordStoreOf(c.db),
      pull: httpPull(c.client),
      resources: ['contentTemplate', 'videoTemplate', 'cspTemplate', 'addressGroup', 'addressMember'],
    });
    await rep.start();
    await rep.backfilled();
    const templates = await localAll(c.db, 'templates');
    expect(templates.length).toBeGreaterThan(0);
    expect(new Set(templates.map((t) => t.kind))).toEqual(new Set(['content']));
    const book = await localAll(c.db, 'address_book');
    expect(book.filter((d) => d.kind === 'group').map((d) => d.groupName)).toContain('sync group');
    // the member deleted on the platform arrived as a tombstone: not kept locally
    expect(book.filter((d) => d.kind === 'member')).toEqual([]);

    // a new template arrives with the next forward pull, reviewed
    const add = await p.call(
      '/contentTemplate/contentTemplateAdd',
      { cus_id: 'EP0001', template_content: 'later' },
      { token: c.token },
    );
    const id = add.body.data.template_id;
    await waitFor(
      async () => (await rep.notify('contentTemplate'), (await localAll(c.db, 'templates')).find((t) => t.id === id)),
      (t) => t?.check_status === 2,
    );
    await rep.stop();
  });
});
