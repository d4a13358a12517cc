import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import { noticeDocSchema, noticeSchema, type Notice } from '../../contract/notice.schema';
import { notify } from '../../platform/notices/notices';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { subAccountRequest } from './sub-account.fixtures';
import { balanceOf, FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Notices on both storages: each source writes one for its recipient account, /notice/list and /notice/read serve
// only the caller's own, the feed replicates them, and bad input changes nothing.
describe.each(DB_KINDS)('notices on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let agent: string;
  let user: string;
  beforeAll(async () => {
    [admin, agent, user] = await Promise.all(['admin', 'agent', 'user'].map((u) => tokenFor(p, u)));
  });

  const list = async (token: string, body: object = {}) => {
    const r = await p.call('/notice/list', { pageSize: 100, ...body }, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const n of r.body.data.data) expect(noticeSchema.safeParse(n).success, JSON.stringify(n)).toBe(true);
    return r.body.data as { total: number; unread: number; data: Notice[] };
  };
  const noticeOf = (token: string, match: (n: Notice) => boolean) =>
    waitFor(
      async () => (await list(token)).data.find(match),
      (n) => n !== undefined,
      20_000,
    ) as Promise<Notice>;
  const unreadOf = async (cusId: string) =>
    Number(
      (
        await p.ctx.db.query<{ n: number }>(
          'select count(*)::int as n from notices where cus_id = $1 and read_at is null',
          [cusId],
        )
      )[0].n,
    );

  it('tells a template review to its account only: rejected with the reason, approved', async () => {
    const add = (content: string) =>
      p.call('/contentTemplate/contentTemplateAdd', { cus_id: 'SUB001', template_content: content }, { token: user });
    const rejected = (await add('博彩大酬宾 ${p1}')).body.data.template_id as string;
    const approved = (await add('您的取件码是 ${p1}')).body.data.template_id as string;
    const no = await noticeOf(user, (n) => n.params.templateId === rejected);
    expect(no).toMatchObject({
      cus_id: 'SUB001',
      kind: 'templateRejected',
      link: '/contentTemplateList',
      read_at: null,
    });
    expect(no.params).toMatchObject({
      templateKind: 'content',
      name: '博彩大酬宾 ${p1}',
      reason: '内容含违禁词：博彩',
    });
    expect((await noticeOf(user, (n) => n.params.templateId === approved)).kind).toBe('templateApproved');
    // a video template in review gets its verdict the same way
    await p.ctx.db.query(
      `insert into video_templates (cus_template_id, cus_id, title, frames, status, review_at) values ('VTNOTICE1', 'SUB001', 'casino 视频', '[]'::jsonb, 1, now())`,
    );
    expect((await noticeOf(user, (n) => n.params.templateId === 'VTNOTICE1')).kind).toBe('templateRejected');
    // neither the enterprise admin nor the agent sees the sub-account's notices
    for (const other of [admin, agent])
      expect((await list(other)).data.some((n) => n.params.templateId === rejected)).toBe(false);
  });

  it('pages newest first with the unread count, marks read by id or all up to a time, and only for the caller', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++)
      ids.push(
        await notify(p.ctx.db, {
          cusId: 'SUB003',
          kind: 'recharged',
          params: { amount: `${i}.00`, balance: '1.00', from: 'AGT001' },
          link: '/rechargeList',
        }),
      );
    const agentUser = await p.ctx.db.query<{ id: number }>(
      `insert into users (username, password_hash, cus_id, name, user_type) values ('sub3', 'x', 'SUB003', 's3', 3) returning id`,
    );
    expect(agentUser).toHaveLength(1);
    const sub3 = await tokenFor(p, 'sub3');
    const page1 = await list(sub3, { pageSize: 2 });
    expect(page1).toMatchObject({ total: 3, unread: 3 });
    expect(page1.data.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    expect((await list(sub3, { pageSize: 2, pageNumber: 2 })).data.map((n) => n.id)).toEqual([ids[0]]);

    // others name its ids in vain: the agent that created the account and the enterprise admin alike
    for (const other of [agent, admin]) {
      const r = await p.call('/notice/read', { ids }, { token: other });
      expect(r.status).toBe(200);
      expect(r.body.data.updated).toBe(0);
      expect((await list(other)).data.some((n) => ids.includes(n.id))).toBe(false);
    }
    expect(await unreadOf('SUB003')).toBe(3);

    const one = await p.call('/notice/read', { ids: [ids[0]] }, { token: sub3, lang: 'en' });
    expect(one.body).toMatchObject({ message: 'Marked as read', data: { updated: 1, unread: 2 } });
    expect((await list(sub3, { unreadOnly: true })).data.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    // "all" up to a time leaves what came after it unread (a mark-all queued offline and pushed later)
    const [c] = await p.ctx.db.query<{ at: number }>(
      `select (extract(epoch from created_at) * 1000)::int8 as at from notices where id = $1`,
      [ids[2]],
    );
    const later = await notify(p.ctx.db, {
      cusId: 'SUB003',
      kind: 'recharged',
      params: { amount: '9.00' },
      link: '/rechargeList',
    });
    await p.ctx.db.query(`update notices set created_at = created_at + interval '1 minute' where id = $1`, [later]);
    const all = await p.call('/notice/read', { all: true, upTo: Number(c.at) + 1 }, { token: sub3 });
    expect(all.body.data).toEqual({ updated: 2, unread: 1 });
    expect((await list(sub3)).data.find((n) => n.id === later)?.read_at).toBeNull();
    expect(
      (await p.call('/notice/read', { all: true, upTo: Number(c.at) + 120_000 }, { token: sub3 })).body.data,
    ).toEqual({ updated: 1, unread: 0 });
  });

  it('refuses bad input with a localized 400 and changes nothing', async () => {
    const id = await notify(p.ctx.db, {
      cusId: 'SUB001',
      kind: 'recharged',
      params: { amount: '1.00' },
      link: '/rechargeList',
    });
    const before = await unreadOf('SUB001');
    const bad: Array<[string, unknown, string, string | null]> = [
      ['/notice/read', {}, 'ids', 'Name the notices to mark as read, or choose all'],
      ['/notice/read', { ids: [id], all: true }, 'ids', 'Name the notices to mark as read, or choose all'],
      ['/notice/read', { all: false }, 'ids', null],
      ['/notice/read', { ids: ['not-an-id'] }, 'ids.0', null],
      ['/notice/read', { ids: Array.from({ length: 101 }, () => id) }, 'ids', null],
      ['/notice/read', { ids: [id, 5] }, 'ids.1', null],
      ['/notice/read', { all: true, upTo: -1 }, 'upTo', null],
      ['/notice/list', { pageSize: 1000 }, 'pageSize', null],
      ['/notice/list', { pageNumber: 0 }, 'pageNumber', null],
    ];
    for (const [path, body, field, message] of bad) {
      const r = await p.call(path, body, { token: user, lang: 'en' });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field, JSON.stringify(body)).toBe(field);
      expect(r.body.message).toMatch(/\S/);
      if (message) expect(r.body.message).toBe(message);
    }
    expect((await p.call('/notice/read', {}, { token: user })).body.message).toBe(
      '请指定要标记为已读的通知，或选择全部',
    );
    expect(await unreadOf('SUB001')).toBe(before);
    expect((await p.call('/notice/list', {})).status).toBe(401);
  });

  it('replicates only the caller’s own notices through the feed', async () => {
    const pull = async (token: string) =>
      (await p.call(FEED_RESOURCES.notice.path, { direction: 'backfill', limit: 1000 }, { token })).body.data;
    const mine = await pull(user);
    expect(mine.documents.length).toBeGreaterThan(0);
    for (const d of mine.documents) {
      expect(noticeDocSchema.safeParse(d).success, JSON.stringify(d)).toBe(true);
      expect(d.cus_id).toBe('SUB001');
      expect(d.unread).toBe(d.read_at === null ? 1 : 0);
    }
    expect((await pull(admin)).documents.every((d: Notice) => d.cus_id === 'EP0001')).toBe(true);
  });

  it('tells a recharge, a low balance and a finished batch to the account, and a timed send when released', async () => {
    const charged = await p.call('/customer/customerCharge', { cus_id: 'SUB001', amount: 12.5 }, { token: admin });
    expect(charged.status).toBe(200);
    const recharge = await noticeOf(user, (n) => n.kind === 'recharged' && n.params.from === 'EP0001');
    expect(recharge).toMatchObject({ link: '/rechargeList', params: { amount: '12.50' } });

    // a warning level just below the balance: the next send crosses it
    const balance = await balanceOf(p, 'SUB001');
    const threshold = (balance - 0.01).toFixed(2);
    await p.call(
      '/warn/modifyCusBneWarn',
      { enabled: true, warnBalance: threshold, warnMobiles: '13800000003' },
      { token: user },
    );
    const sent = await p.call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: '通知测试', mobiles: '13600000701' },
      { token: user },
    );
    expect(sent.status).toBe(200);
    const low = await noticeOf(user, (n) => n.kind === 'balanceLow');
    expect(low).toMatchObject({ link: '/info/setting', params: { cusId: 'SUB001', threshold } });
    const batchId = sent.body.data.batch_id as string;
    const done = await noticeOf(user, (n) => n.kind === 'batchFinished' && n.params.batchId === batchId);
    expect(done).toMatchObject({
      link: `/dataGatheringBatchList?batch_id=${batchId}`,
      params: { total: 1, success: 1, failure: 0 },
    });
    // the warning SMS is the platform's own batch: it finishes without a notice
    const batches = await list(user);
    expect(batches.data.filter((n) => n.kind === 'batchFinished')).toHaveLength(1);
    await p.call('/warn/modifyCusBneWarn', { enabled: false, warnBalance: '0', warnMobiles: '' }, { token: user });

    const local = new Date(Date.now() + 15 * 60_000 + 8 * 3600_000);
    const timed = await p.call(
      '/user/groupSend',
      {
        cus_id: 'SUB001',
        content: '定时通知',
        mobiles: '13600000702',
        timing_time: `${local.toISOString().slice(0, 19)}+08:00`,
      },
      { token: user },
    );
    const tb = timed.body.data.time_batch as string;
    await p.ctx.db.query("update time_batches set timing_time = now() - interval '1 second' where time_batch = $1", [
      tb,
    ]);
    const released = await noticeOf(user, (n) => n.kind === 'timedReleased' && n.params.timeBatch === tb);
    expect(released.params.count).toBe(1);
    expect(released.link).toBe(`/dataGatheringBatchList?batch_id=${released.params.batchId}`);
    await noticeOf(user, (n) => n.kind === 'batchFinished' && n.params.batchId === released.params.batchId);
  });

  it('tells the enterprise admin of its sub-accounts: created, modified, closed and opened', async () => {
    const add = await p.call('/customer/customerAdd', subAccountRequest({ cus_id: 'NOTE01', cus_name: '通知子账号' }), {
      token: admin,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const mod = await p.call(
      '/customer/customerModify',
      subAccountRequest({ cus_id: 'NOTE01', cus_name: '改名子账号', password: '', interfacePassword: '' }),
      {
        token: admin,
      },
    );
    expect(mod.status, JSON.stringify(mod.body)).toBe(200);
    expect((await p.call('/customer/closeCustomer', { cus_id: 'NOTE01' }, { token: admin })).status).toBe(200);
    expect((await p.call('/customer/openCustomer', { cus_id: 'NOTE01' }, { token: admin })).status).toBe(200);
    const events = await waitFor(
      async () => (await list(admin)).data.filter((n) => n.params.cusId === 'NOTE01'),
      (n) => n.length === 4,
    );
    expect(events.map((n) => n.kind)).toEqual([
      'subAccountOpened',
      'subAccountClosed',
      'subAccountModified',
      'subAccountCreated',
    ]);
    expect(events[0]).toMatchObject({
      cus_id: 'EP0001',
      link: '/subAccountList',
      params: { cusName: '改名子账号', by: 'admin' },
    });
    // the sub-account's own users and the agent hear nothing of it
    for (const other of [user, agent])
      expect((await list(other)).data.some((n) => n.params.cusId === 'NOTE01')).toBe(false);
  });
});
