import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNumbers } from '../../contract/validation/send-numbers.rules';
import { reviewDue } from '../../platform/library/review';
import { recordStoreOf } from '../../sync/store/record-store';
import { createReplicator } from '../../sync/replication/replication';
import { httpPull } from '../../sync/replication/replication-http';
import { approvedTemplates, groupMobiles, groups } from '../../sync/query/send-library';
import { FAST_SIMULATOR } from '../api/send.fixtures';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { consoleFor } from './helpers';

// The send form's pickers against a real platform: what the replication brought into the local
// `templates` and `address_book` collections is what the form offers — an approved template, not a pending one, and
// a group whose members' numbers come from the replica.
describe('send pickers from the replicas', () => {
  let p: TestPlatform;
  let c: Awaited<ReturnType<typeof consoleFor>>;
  beforeAll(async () => {
    // reviews wait an hour, so a template stays pending until the test makes one due
    p = await startPlatform('pglite', { simulator: { ...FAST_SIMULATOR, reviewMs: 3_600_000 }, dataDir: null });
    c = await consoleFor(p, 'admin', 'EP0001');
  });
  afterAll(async () => {
    await c?.db.remove();
    await p?.close();
  });

  it('offers the approved template but not the pending one, and yields a picked group members numbers', async () => {
    const stamp = Date.now();
    const add = async (text: string) =>
      (
        await p.call(
          '/contentTemplate/contentTemplateAdd',
          { cus_id: 'EP0001', template_content: text },
          { token: c.token },
        )
      ).body.data.template_id as string;
    const approved = await add(`approved ${stamp}`);
    await add(`pending ${stamp}`);
    await p.ctx.db.query('update content_templates set review_at = $2 where template_id = $1', [approved, new Date(0)]);
    await reviewDue(p.ctx);

    const g = await p.call('/addressBook/addressBookGroupAdd', { groupName: `group ${stamp}` }, { token: c.token });
    const groupId = g.body.data.groupId as string;
    for (const mobile of ['13500007001', '13500007002']) {
      const m = await p.call(
        '/addressBook/addressBookMemberAdd',
        { groupId, name: mobile, mobile },
        { token: c.token },
      );
      expect(m.body.type).toBe(0);
    }

    const rep = createReplicator({
      store: recordStoreOf(c.db),
      pull: httpPull(c.client),
      resources: ['contentTemplate', 'addressGroup', 'addressMember'],
    });
    await rep.start();
    await rep.backfilled();
    await rep.stop();

    const offered = (await approvedTemplates(c.db, 'EP0001')).map((o) => o.value);
    expect(offered).toContain(`approved ${stamp}`);
    expect(offered).not.toContain(`pending ${stamp}`);
    expect((await groups(c.db)).map((o) => o.value)).toContain(groupId);
    const mobiles = await groupMobiles(c.db, [groupId]);
    expect(mobiles.text.split('\n').sort()).toEqual(['13500007001', '13500007002']);
    expect(mobiles).toMatchObject({ have: 2, expected: 2 });
    expect(checkNumbers('domestic', mobiles.text).valid.length).toBe(2);
  });
});
