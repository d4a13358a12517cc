import { describe, expect, it, vi } from 'vitest';
import { storeReplies } from '../../platform/messaging/dispatch';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { appSecretOf } from '../../platform/accounts/secrets';
import { callIntegrator } from '../helpers/integrator-client';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { fetchBytes, readXlsx, upload, xlsx } from './library.fixtures';
import { FAST_SIMULATOR, tokenFor } from './send.fixtures';
import { bindTestAccount, smppTestAccount, ucs2Submit } from './smpp.fixtures';

// Opt-out replies and the managed blacklist: a keyword reply, in whatever form a phone sends it, lists the number in
// the transaction that stores it and confirms once; START takes it back; every door refuses a listed number with its
// own reason; the list's endpoints stay inside the caller's enterprise and refuse bad input without changing anything.
describe.each(DB_KINDS)('blacklist and opt-out on %s', (kind) => {
  const p = platformFor(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
  const call = async (path: string, body: unknown, token: string, lang: 'zh' | 'en' = 'en') =>
    p.call(path, body, { token, lang });
  /** a phone's reply to the last message `cusId` sent it, through the store every MO path (simulator, carrier) uses */
  const reply = (cusId: string, mobile: string, content: string) =>
    p.ctx.db.tx((q) =>
      storeReplies(p.ctx, q, p.ctx.now(), [
        { row: { sn: '', cus_id: cusId, prod_type: 0, mobile, content: '', batch_id: '' }, content },
      ]),
    );
  const live = async (mobile: string) =>
    p.ctx.db.query<{ cus_id: string; source: string }>(
      "select cus_id, source from blacklist where ep_id = 'EP0001' and mobile = $1 and not deleted",
      [mobile],
    );
  const sentTo = async (mobile: string, content: string) =>
    (
      await p.ctx.db.query<{ n: number; cost: number }>(
        'select count(*)::int as n, coalesce(sum(m.price), 0)::float8 as cost from mt_records m where m.mobile = $1 and m.content = $2',
        [mobile, content],
      )
    )[0];

  it('opts out on " ｔ " and "T." once, confirms once and free; START takes it back', async () => {
    const admin = await tokenFor(p, 'admin');
    const settings = (await call('/mobileBlack/settings', {}, admin)).body.data;
    expect(settings).toMatchObject({
      optOutWords: ['T', 'TD', '退订', 'STOP', 'UNSUBSCRIBE'],
      optInWords: ['START', 'UNSTOP', '订阅'],
      scope: 'enterprise',
    });
    expect((await call('/mobileBlack/settingsModify', { ...settings, confirm: true }, admin)).status).toBe(200);
    const M = '13911110001';
    await reply('SUB001', M, ' ｔ ');
    expect(await live(M)).toEqual([{ cus_id: '', source: 'reply' }]);
    await reply('SUB001', M, 'T.');
    expect(await sentTo(M, settings.confirmOutZh)).toEqual({ n: 1, cost: 0 });
    await reply('SUB001', M, 'Start');
    expect(await live(M)).toEqual([]);
    expect(await sentTo(M, settings.confirmInZh)).toEqual({ n: 1, cost: 0 });
    await reply('SUB001', M, 'test');
    expect(await live(M)).toEqual([]);
  });

  it('refuses a listed number on every door: console per number, HTTP BLACKLISTED, SMPP 0x45 with the reason logged', async () => {
    const admin = await tokenFor(p, 'admin');
    const M = '13911110002';
    const CLEAN = '13911110003';
    await reply('SUB001', M, '退订');
    const check = await call('/send/blacklistCheck', { cus_id: 'SUB001', mobiles: [M, CLEAN] }, admin);
    expect(check.body.data).toEqual({
      blacklisted: [M],
      count: 1,
      reasons: ['Opted out by reply: no messages from this enterprise'],
    });
    const sent = await call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: 'hello', mobiles: `${M}\n${CLEAN}` },
      admin,
    );
    expect(sent.body.data).toMatchObject({ validCount: 1, blacklistCount: 1 });

    const origin = new URL(p.base).origin;
    const secret = (await appSecretOf(p.ctx.db, 'SUB001')).secret;
    const http = await callIntegrator(origin, {
      appId: 'SUB001',
      secret,
      path: '/sms/send',
      body: { text: 'hi', numbers: [M, CLEAN] },
    });
    expect(http.body.results.map((r: { code: string | null }) => r.code)).toEqual(['BLACKLISTED', null]);

    await smppTestAccount(p, { balance: 100 });
    const warn = vi.spyOn(p.ctx.log, 'warn');
    const { peer } = await bindTestAccount(p);
    try {
      // a text of its own: 'hi' went to CLEAN over HTTP moments ago, a duplicate by the send policy
      expect((await peer.call(ucs2Submit(M, 'hi over smpp'))).commandStatus).toBe(STATUS.RSUBMITFAIL);
      expect((await peer.call(ucs2Submit(CLEAN, 'hi over smpp'))).commandStatus).toBe(STATUS.ROK);
    } finally {
      peer.end();
    }
    expect(
      warn.mock.calls.some(([o]) =>
        JSON.stringify(o).includes('"reason":"blacklisted","source":"reply","scope":"enterprise"'),
      ),
    ).toBe(true);
    warn.mockRestore();
  });

  it("with account scope, an opt-out stops only the answered account's messages", async () => {
    const admin = await tokenFor(p, 'admin');
    const settings = (await call('/mobileBlack/settings', {}, admin)).body.data;
    expect((await call('/mobileBlack/settingsModify', { ...settings, scope: 'account' }, admin)).status).toBe(200);
    const M = '13911110004';
    try {
      await reply('SUB001', M, 'STOP!');
      expect(await live(M)).toEqual([{ cus_id: 'SUB001', source: 'reply' }]);
      expect((await call('/send/blacklistCheck', { cus_id: 'SUB001', mobiles: [M] }, admin)).body.data.count).toBe(1);
      expect((await call('/send/blacklistCheck', { cus_id: 'SUB002', mobiles: [M] }, admin)).body.data.count).toBe(0);
    } finally {
      await call('/mobileBlack/settingsModify', { ...settings, scope: 'enterprise' }, admin);
    }
  });

  it('adds, lists by number, deletes and exports inside the enterprise; another enterprise sees none of it', async () => {
    const admin = await tokenFor(p, 'admin');
    const user = await tokenFor(p, 'user');
    const added = await call(
      '/mobileBlack/add',
      { mobiles: ['+86 139 2222 0001', '13922220002'], source: 'complaint', note: 'called in' },
      admin,
    );
    expect(added.body.data).toEqual({ added: ['13922220001', '13922220002'], duplicates: [] });
    expect((await call('/mobileBlack/add', { mobiles: ['13922220001'] }, user)).body.data).toEqual({
      added: [],
      duplicates: ['13922220001'],
    });
    const list = await call('/mobileBlack/list', { mobile: '1392222' }, user);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.data[0]).toMatchObject({
      source: 'complaint',
      created_by: 'admin',
      note: 'called in',
      cus_id: '',
      ep_id: 'EP0001',
    });

    await p.ctx.db.query(
      "insert into accounts (cus_id, cus_name, ep_id) values ('BLK901', 'Elsewhere', 'EP9001') on conflict do nothing",
    );
    await p.ctx.db.query(
      "insert into users(username, password_hash, cus_id, name, user_type) select 'blk901', password_hash, 'BLK901', 'x', 1 from users where username = 'user' on conflict do nothing",
    );
    // an entry for one account's messages is that account's data: its reader sees it, another sub-account does not
    expect((await call('/mobileBlack/add', { mobiles: ['13922220005'], cus_id: 'SUB002' }, admin)).status).toBe(200);
    expect((await call('/mobileBlack/list', { mobile: '13922220005' }, admin)).body.data.total).toBe(1);
    expect((await call('/mobileBlack/list', { mobile: '13922220005' }, user)).body.data.total).toBe(0);
    expect((await call('/mobileBlack/add', { mobiles: ['13922220006'], cus_id: 'SUB002' }, user)).status).toBe(400);
    const other = await tokenFor(p, 'blk901');
    expect((await call('/mobileBlack/list', { mobile: '1392222' }, other)).body.data.total).toBe(0);
    const id = list.body.data.data[0].id;
    expect((await call('/mobileBlack/delete', { ids: [id] }, other)).status).toBe(400);
    expect((await call('/mobileBlack/add', { mobiles: ['13922220003'], cus_id: 'SUB001' }, other)).status).toBe(400);

    const res = await fetch(`${p.base}/mobileBlack/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mobile: '1392222' }),
    });
    const rows = await readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['13922220001', '13922220002']));

    expect((await call('/mobileBlack/delete', { ids: [id] }, user)).body.data).toEqual({ deleted: 1 });
    expect((await call('/mobileBlack/list', { mobile: '1392222' }, user)).body.data.total).toBe(1);

    // the change feed consoles replicate from: the removal as a tombstone to every account of the enterprise, nothing
    // of it to another enterprise
    type Doc = { id: string; deleted: boolean; ep_id: string };
    const pulled = async (token: string) =>
      (await call('/mobileBlack/pull', { direction: 'forward', limit: 10_000 }, token)).body.data.documents as Doc[];
    expect((await pulled(user)).find((d) => d.id === id)).toMatchObject({ deleted: true });
    expect((await pulled(other)).every((d) => d.ep_id === 'EP9001')).toBe(true);
  });

  it('imports a sheet with a report per row', async () => {
    const admin = await tokenFor(p, 'admin');
    await call('/mobileBlack/add', { mobiles: ['13933330009'] }, admin);
    const sheet = await xlsx(
      [['13933330001'], ['12345'], ['139 3333 0001'], ['13933330009'], ['+14155552671']],
      ['号码'],
    );
    const up = await upload(p, '/file/uploadAddressBook', 'black.xlsx', sheet, admin);
    expect(up.status).toBe(200);
    const r = await call('/mobileBlack/import', { fileId: up.body.data.fileId }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ added: 2, duplicates: 2, invalid: 1 });
    expect(r.body.data.rows.map((x: { row: number; result: string }) => [x.row, x.result])).toEqual([
      [2, 'added'],
      [3, 'invalid'],
      [4, 'duplicate'],
      [5, 'duplicate'],
      [6, 'added'],
    ]);
    expect(r.body.data.rows[1].reason).toBe('Not a valid number: 12345');
    const report = await fetchBytes(p, `/file/material?fileId=${r.body.data.reportFileId}`, admin);
    expect((await readXlsx(report.bytes)).length).toBe(6);
    expect((await live('+14155552671'))[0]).toMatchObject({ source: 'import' });
  });

  it('refuses bad input with a localized 4xx and changes nothing', async () => {
    const admin = await tokenFor(p, 'admin');
    const user = await tokenFor(p, 'user');
    const before = (await p.ctx.db.query<{ n: number }>('select count(*)::int as n from blacklist'))[0].n;
    const bad = await call('/mobileBlack/add', { mobiles: ['13944440001', 'nope'] }, admin, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('号码格式不正确：nope');
    expect((await call('/mobileBlack/add', { mobiles: [] }, admin)).status).toBe(400);
    expect((await call('/mobileBlack/add', { mobiles: ['13944440001'], note: 'x'.repeat(201) }, admin)).status).toBe(
      400,
    );
    expect((await call('/mobileBlack/delete', { ids: ['EP0001::00000000000'] }, admin)).status).toBe(400);
    expect((await call('/mobileBlack/import', { fileId: 'missing' }, admin)).status).toBe(400);
    const settings = (await call('/mobileBlack/settings', {}, admin)).body.data;
    const notAdmin = await call('/mobileBlack/settingsModify', { ...settings, scope: 'account' }, user);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe("Only the enterprise's admin may change the opt-out settings");
    expect(
      (await call('/mobileBlack/settingsModify', { ...settings, optOutWords: ['x'.repeat(21)] }, admin)).status,
    ).toBe(400);
    expect((await p.ctx.db.query<{ n: number }>('select count(*)::int as n from blacklist'))[0].n).toBe(before);
    expect((await call('/mobileBlack/settings', {}, admin)).body.data.scope).toBe('enterprise');
  });
});
