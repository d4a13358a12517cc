import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_RESOURCES, type FeedResource } from '../../contract/endpoints/feed.endpoints';
import { notifyAll, notifyChanged } from '../../platform/feed/change-notices';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { insertFixtures, MT, timeOf } from './records.fixtures';

// The change feed: forward and backfill pulls with checkpoints and tombstones, scoped to the caller; and the SSE
// stream of "changed" notices after a write.
describe.each(DB_KINDS)('change feed on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  let user: string;
  const now = new Date();
  type Doc = { sn: string; seq: number; deleted: boolean; cus_id: string; receive_time: number };

  beforeAll(async () => {
    // A heartbeat far beyond any test: a stream that ends did so because its session ended, not at a heartbeat.
    p = await startPlatform(kind, { streamHeartbeatMs: 600_000 });
    await insertFixtures(p.ctx.db, now);
    [admin, user] = await Promise.all([p.login('admin'), p.login('user')]);
  });
  afterAll(async () => p?.close());

  const pull = async (token: string, body: object, path: string = FEED_RESOURCES.mtRecord.path) => {
    const r = await p.call(path, body, { token });
    expect(r.status).toBe(200);
    return r.body.data as { documents: Doc[]; checkpoint: { seq: number } | null; highWater: number };
  };
  /** follows checkpoints until the feed says it is exhausted. */
  async function drain(
    token: string,
    body: { direction: 'forward' | 'backfill'; limit: number; since?: number },
    from: { seq: number } | null = null,
  ) {
    const docs: Doc[] = [];
    let checkpoint = from;
    for (let i = 0; i < 100; i++) {
      const page = await pull(token, { ...body, checkpoint });
      docs.push(...page.documents);
      if (!page.checkpoint) return { docs, highWater: page.highWater };
      checkpoint = page.checkpoint;
    }
    throw new Error('feed did not end');
  }

  it('pulls forward in seq order with checkpoints, up to the high-water mark', async () => {
    const first = await pull(admin, { direction: 'forward', limit: 4, checkpoint: null });
    expect(first.documents).toHaveLength(4);
    expect(first.checkpoint).toEqual({ seq: first.documents[3].seq });
    const { docs, highWater } = await drain(admin, { direction: 'forward', limit: 4 });
    expect(docs.map((d) => d.sn).sort()).toEqual(MT.map((m) => m.sn).sort());
    const seqs = docs.map((d) => d.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(highWater).toBe(Math.max(...seqs));
    const doc = docs.find((d) => d.sn === 'T-EP-1')!;
    expect(doc).toMatchObject({ deleted: false, decodeMobile: '13811110001', cus_name: '演示企业' });
    expect(FEED_RESOURCES.mtRecord.schema.safeParse(doc).success).toBe(true);
  });

  it('backfills newest first down to the horizon', async () => {
    const since = timeOf(now, 6).getTime();
    const { docs, highWater } = await drain(admin, { direction: 'backfill', limit: 3, since });
    expect(docs.map((d) => d.sn).sort()).toEqual(
      MT.filter((m) => m.hoursAgo <= 6)
        .map((m) => m.sn)
        .sort(),
    );
    const seqs = docs.map((d) => d.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(seqs[0]).toBeLessThanOrEqual(highWater);
    const all = await drain(admin, { direction: 'backfill', limit: 1000 });
    expect(all.docs).toHaveLength(MT.length);
  });

  it('scopes the feed to the caller', async () => {
    const { docs, highWater } = await drain(user, { direction: 'forward', limit: 2 });
    expect(docs.map((d) => d.sn).sort()).toEqual(
      MT.filter((m) => m.cus_id === 'SUB001')
        .map((m) => m.sn)
        .sort(),
    );
    expect(highWater).toBe(Math.max(...docs.map((d) => d.seq)));
  });

  it('delivers updates and tombstones to a forward pull from the high-water mark', async () => {
    const before = await pull(admin, { direction: 'forward', limit: 1000, checkpoint: null });
    await p.ctx.db.query(`update mt_records set deleted = true where sn = 'T-EP-2'`);
    await p.ctx.db.query(`update mt_records set mt_status = 700 where sn = 'T-EP-1'`);
    const next = await pull(admin, { direction: 'forward', limit: 1000, checkpoint: { seq: before.highWater } });
    expect(next.documents.map((d) => [d.sn, d.deleted])).toEqual([
      ['T-EP-2', true],
      ['T-EP-1', false],
    ]);
    expect(next.checkpoint).toBeNull();
    expect(next.highWater).toBeGreaterThan(before.highWater);
    const list = await p.call('/mtRecord/list', { prod_type: 0, pageSize: 100 }, { token: admin });
    expect(list.body.data.data.map((d: Doc) => d.sn)).not.toContain('T-EP-2');
    const userSide = await pull(user, { direction: 'forward', limit: 1000, checkpoint: { seq: before.highWater } });
    expect(userSide.documents).toEqual([]);
  });

  it('serves every replicated resource as contract documents', async () => {
    const expected: Record<FeedResource, number> = {
      mtRecord: MT.length,
      moRecord: 3,
      batch: 4,
      timeBatch: 3,
      timeMtMessage: 6,
      statistics: 0,
      shortLink: 0,
      contentTemplate: 0,
      videoTemplate: 0,
      cspTemplate: 0,
      addressGroup: 0,
      addressMember: 0,
      notice: 0,
      blacklist: 0,
    };
    for (const [resource, def] of Object.entries(FEED_RESOURCES) as Array<
      [FeedResource, (typeof FEED_RESOURCES)[FeedResource]]
    >) {
      const page = await pull(admin, { direction: 'backfill', limit: 1000, checkpoint: null }, def.path);
      expect(page.documents.length, resource).toBe(expected[resource]);
      for (const d of page.documents) expect(def.schema.safeParse(d).success, resource).toBe(true);
    }
    const bad = await p.call(FEED_RESOURCES.batch.path, { direction: 'sideways' }, { token: admin });
    expect(bad.status).toBe(400);
  });

  const ticketFor = async (token: string) => {
    const r = await p.call('/changes/ticket', {}, { token });
    expect(r.status).toBe(200);
    return r.body.data.ticket as string;
  };
  const streamUrl = (ticket: string) => `${p.base}/changes/stream?ticket=${encodeURIComponent(ticket)}`;

  /** Opens the SSE stream and collects `changed` events until `until` says enough. */
  async function openStream(token: string) {
    const ctrl = new AbortController();
    const res = await fetch(streamUrl(await ticketFor(token)), { signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const events: Array<{ resource: string; seq: number }> = [];
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = /^event: changed\ndata: (.*)$/m.exec(block);
          if (data) events.push(JSON.parse(block.split('data: ')[1]));
        }
      }
    })();
    const waitFor = async (n: number) => {
      // a condition with a generous deadline, not a count of short sleeps: a busy machine only makes it slower
      for (const end = Date.now() + 45_000; events.length < n && Date.now() < end;)
        await new Promise((r) => setTimeout(r, 25));
      return events;
    };
    return { events, waitFor, ended: pump, close: async () => (ctrl.abort(), pump) };
  }

  it('streams a changed notice for the caller’s accounts only', async () => {
    const adminStream = await openStream(admin);
    const userStream = await openStream(user);
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month) values ('T-LIVE-1', 0, 'EP0001', 'TB-EP', '13800000009', 'live', 500, now(), '202601')`,
    );
    await notifyChanged(p.ctx.db, 'mtRecord', ['EP0001']);
    await p.ctx.db.query(
      `insert into mo_records (sn, cus_id, src_calling_number, mobile, content, whole_content, deliver_time, batch_id) values ('TR-LIVE', 'SUB001', '1068', '13811119001', 'ok', 'x', now(), 'TB-SUB1')`,
    );
    await notifyChanged(p.ctx.db, 'moRecord', ['SUB001']);
    const seen = await adminStream.waitFor(2);
    expect(seen.map((e) => e.resource)).toEqual(['mtRecord', 'moRecord']);
    const [{ seq }] = await p.ctx.db.query<{ seq: number }>(`select seq from mt_records where sn = 'T-LIVE-1'`);
    expect(seen[0].seq).toBeGreaterThanOrEqual(seq);
    const userSeen = await userStream.waitFor(1);
    expect(userSeen.map((e) => e.resource)).toEqual(['moRecord']);
    // several resources told in one statement: a notice for each
    await notifyAll(p.ctx.db, ['batch', 'statistics'], ['SUB001', 'SUB001']);
    expect((await userStream.waitFor(3)).map((e) => e.resource)).toEqual(['moRecord', 'batch', 'statistics']);
    await adminStream.close();
    await userStream.close();
  });

  it('refuses the stream without a valid ticket, and a token in the URL is not one', async () => {
    const r = await fetch(streamUrl('nope'), { headers: { 'Accept-Language': 'en' } });
    expect(r.status).toBe(401);
    expect((await r.json()).message).toBe('Your session has expired, please log in again');
    const none = await fetch(`${p.base}/changes/stream`);
    expect(none.status).toBe(400);
    const byToken = await fetch(`${p.base}/changes/stream?token=${encodeURIComponent(admin)}`);
    expect(byToken.status).toBe(400);
    expect((await p.call('/changes/ticket', {})).status).toBe(401);
  });

  it('a ticket opens one stream only', async () => {
    const ticket = await ticketFor(admin);
    const ctrl = new AbortController();
    const first = await fetch(streamUrl(ticket), { signal: ctrl.signal });
    expect(first.status).toBe(200);
    const again = await fetch(streamUrl(ticket));
    expect(again.status).toBe(401);
    ctrl.abort();
  });

  it('ends a session’s streams at once on logout, and only that session’s', async () => {
    const [mine, other] = await Promise.all([p.login('agent'), p.login('agent')]);
    const a = await openStream(mine);
    const b = await openStream(other);
    expect((await p.call('/user/logout', {}, { token: mine })).status).toBe(200);
    // the heartbeat is 10 minutes away: only the logout can end it
    await a.ended;
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month) values ('T-LIVE-AG', 0, 'AGT001', 'TB-AG', '13800000019', 'live', 500, now(), '202601')`,
    );
    await notifyChanged(p.ctx.db, 'mtRecord', ['AGT001']);
    expect((await b.waitFor(1)).map((e) => e.resource)).toEqual(['mtRecord']);
    await b.close();
  });
});
