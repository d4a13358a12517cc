import { createServer, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { appSecretOf } from '../../platform/accounts/secrets';
import { signCallback } from '../../platform/accounts/callbacks';
import { storeReplies } from '../../platform/messaging/dispatch';
import { fileEnv } from '../helpers/file-env';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Reply keyword rules: a matching reply, in whatever form a phone sends the word, is tagged, answered once (charged at
// the account's price) and forwarded, signed, to a real receiver that is retried without holding the reply; a rule
// may not take an opt-out word; the rules stay inside the enterprise and only its admin changes them.

fileEnv({ CALLBACK_RETRY_MS: '50' });

/** A receiver that answers 500 to its first `failFirst` requests, then 200. */
async function receiver(failFirst: number) {
  const accepted: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let requests = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests += 1;
      if (requests <= failFirst) return void res.writeHead(500).end('not yet');
      accepted.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mo`,
    accepted,
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(DB_KINDS)('reply rules on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR, callbackAllowPrivate: true, logLevel: 'error' });
  const call = async (path: string, body: unknown, token: string, lang: 'zh' | 'en' = 'en') =>
    p.call(path, body, { token, lang });
  /** a phone's reply to a message of `cusId` (of batch `batchId`), through the store every MO path uses */
  const reply = (cusId: string, mobile: string, content: string, batchId = '') =>
    p.ctx.db.tx((q) =>
      storeReplies(p.ctx, q, p.ctx.now(), [
        { row: { sn: '', cus_id: cusId, prod_type: 0, mobile, content: '', batch_id: batchId }, content },
      ]),
    );
  const answers = (mobile: string, content: string) =>
    p.ctx.db.query<{ batch_id: string; price: number }>(
      'select batch_id, price::float8 as price from mt_records where mobile = $1 and content = $2',
      [mobile, content],
    );
  const tags = async (mobile: string) =>
    (
      await p.ctx.db.query<{ tag: string }>('select tag from mo_records where mobile = $1 order by deliver_time, sn', [
        mobile,
      ])
    ).map((r) => r.tag);

  it('tags a matching reply and answers it once, charged at the price of one message; an answer to the answer gets none', async () => {
    const admin = await tokenFor(p, 'admin');
    const saved = await call(
      '/replyRule/save',
      { keyword: 'Hours', answer: 'Open 9:00-17:00', forwardUrl: '', tag: 'hours' },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ keyword: 'Hours', tag: 'hours', updatedBy: 'admin' });
    const M = '13955550001';
    const before = await balanceOf(p, 'SUB001');
    await reply('SUB001', M, ' ＨＯＵＲＳ！');
    const [sent] = await answers(M, 'Open 9:00-17:00');
    expect(sent.price).toBeGreaterThan(0);
    expect(await balanceOf(p, 'SUB001')).toBeCloseTo(before - sent.price, 4);
    const ledger = await p.ctx.db.query<{ amount: number }>(
      "select amount::float8 as amount from balance_ledger where ref = $1 and kind = 'send'",
      [sent.batch_id],
    );
    expect(ledger.map((l) => l.amount)).toEqual([-sent.price]);
    // the phone answers the answer with the same word: tagged, never answered again
    await reply('SUB001', M, 'hours', sent.batch_id);
    expect(await answers(M, 'Open 9:00-17:00')).toHaveLength(1);
    expect(await tags(M)).toEqual(['hours', 'hours']);
    // the reply list shows the tag
    const replies = await call('/moRecord/list', { decodeMobile: M }, admin);
    expect(replies.body.data.data.map((r: { tag: string }) => r.tag)).toEqual(['hours', 'hours']);
    // and so does the conversation, on the replies, beside the answer (untagged)
    const thread = await call('/interact/messageInteractList', { cus_id: 'SUB001', decodeMobile: M }, admin);
    expect(
      thread.body.data.messages.map((m: { direction: string; tag: string }) => `${m.direction}:${m.tag}`).sort(),
    ).toEqual(['mo:hours', 'mo:hours', 'mt:']);
    // the list shows it beside the built-in opt-out words, with the price of an answer's segment
    const list = await call('/replyRule/list', {}, await tokenFor(p, 'user'));
    expect(list.body.data.optOutWords).toContain('T');
    expect(list.body.data.rules.map((r: { keyword: string }) => r.keyword)).toEqual(['Hours']);
    expect(list.body.data.segmentPrice).toBeGreaterThan(0);
  });

  it('forwards a matching reply, signed, to a receiver that fails twice, without holding the reply', async () => {
    const admin = await tokenFor(p, 'admin');
    const rx = await receiver(2);
    try {
      expect(
        (await call('/replyRule/save', { keyword: '客服', answer: '', forwardUrl: rx.url, tag: '' }, admin)).status,
      ).toBe(200);
      const M = '13955550002';
      await reply('SUB001', M, '客服。');
      // stored and committed with the forward only queued: the receiver is posted to after the reply's transaction
      const [mo] = await p.ctx.db.query<{ sn: string }>('select sn from mo_records where mobile = $1', [M]);
      expect(mo).toBeDefined();
      await waitFor(
        async () => rx.accepted.length,
        (n) => n === 1,
      );
      expect(rx.requests()).toBe(3);
      const got = rx.accepted[0];
      const secret = (await appSecretOf(p.ctx.db, 'SUB001')).secret;
      expect(got.headers['x-sms-signature']).toBe(
        signCallback(secret, String(got.headers['x-sms-timestamp']), got.body),
      );
      expect(JSON.parse(got.body)).toMatchObject({
        type: 'rule',
        sn: mo.sn,
        cus_id: 'SUB001',
        mobile: M,
        content: '客服。',
        keyword: '客服',
      });
    } finally {
      await rx.close();
    }
  });

  it("refuses a rule on an opt-out or opt-in word, in the caller's language; the opt-out wins over a stored one", async () => {
    const admin = await tokenFor(p, 'admin');
    const td = await call('/replyRule/save', { keyword: 'ｔｄ', answer: 'x', forwardUrl: '', tag: '' }, admin);
    expect(td.status).toBe(400);
    expect(td.body.message).toBe('"ｔｄ" is an opt-out or opt-in keyword: change it in the opt-out settings');
    const start = await call(
      '/replyRule/save',
      { keyword: 'Start', answer: '', forwardUrl: '', tag: 'x' },
      admin,
      'zh',
    );
    expect(start.body.message).toBe('“Start”是退订或订阅关键词，请在退订设置中修改');
    // a rule stored before the settings took its word
    await p.ctx.db.query(
      "insert into reply_rules (id, ep_id, keyword, folded, tag) values ('old-stop', 'EP0001', 'STOP', 'stop', 'old')",
    );
    const M = '13955550003';
    await reply('SUB001', M, 'stop');
    expect(await tags(M)).toEqual(['']);
    await p.ctx.db.query("delete from reply_rules where id = 'old-stop'");
  });

  it("keeps each enterprise's rules to itself; only its admin changes them", async () => {
    const admin = await tokenFor(p, 'admin');
    const saved = (await call('/replyRule/save', { keyword: 'price', answer: '', forwardUrl: '', tag: 'sales' }, admin))
      .body.data;
    await p.ctx.db.query(
      "insert into accounts (cus_id, cus_name, ep_id) values ('RR901', 'Elsewhere', 'EP9901') on conflict do nothing",
    );
    await p.ctx.db.query(
      "insert into users(username, password_hash, cus_id, name, user_type) select 'rr901', password_hash, 'RR901', 'x', 1 from users where username = 'user' on conflict do nothing",
    );
    const other = await tokenFor(p, 'rr901');
    expect((await call('/replyRule/list', {}, other)).body.data.rules).toEqual([]);
    const edit = await call(
      '/replyRule/save',
      { id: saved.id, keyword: 'price', answer: '', forwardUrl: '', tag: 'stolen' },
      other,
    );
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('No such reply rule, or it was deleted');
    expect((await call('/replyRule/delete', { id: saved.id }, other)).status).toBe(400);
    // the same word is the other enterprise's own to use, and its replies find its own rule
    expect(
      (await call('/replyRule/save', { keyword: 'PRICE', answer: '', forwardUrl: '', tag: 'theirs' }, other)).status,
    ).toBe(200);
    const notAdmin = await call('/replyRule/delete', { id: saved.id }, await tokenFor(p, 'user'));
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe("Only the enterprise's admin may change the reply rules");
    await reply('SUB001', '13955550004', 'Price');
    expect(await tags('13955550004')).toEqual(['sales']);
    expect((await call('/replyRule/delete', { id: saved.id }, admin)).status).toBe(200);
    expect((await call('/replyRule/list', {}, admin)).body.data.rules.map((r: { id: string }) => r.id)).not.toContain(
      saved.id,
    );
  });

  it('refuses bad input with a localized 4xx and stores nothing', async () => {
    const admin = await tokenFor(p, 'admin');
    const count = async () =>
      (await p.ctx.db.query<{ n: number }>("select count(*)::int as n from reply_rules where ep_id = 'EP0001'"))[0].n;
    const before = await count();
    const long = await call(
      '/replyRule/save',
      { keyword: 'k'.repeat(21), answer: 'x', forwardUrl: '', tag: '' },
      admin,
      'zh',
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('关键词最多 20 个字');
    const none = await call('/replyRule/save', { keyword: 'nothing', answer: '', forwardUrl: '', tag: '' }, admin);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('Give the rule an answer, a forward address or a tag');
    for (const bad of [
      { keyword: 'a', answer: 'x'.repeat(501), forwardUrl: '', tag: '' },
      { keyword: 'a', answer: '', forwardUrl: 'ftp://example.com/x', tag: '' },
      { keyword: 'a', answer: '', forwardUrl: `https://example.com/${'x'.repeat(500)}`, tag: '' },
      { keyword: 'a', answer: '', forwardUrl: '', tag: 't'.repeat(21) },
      { keyword: '!!!', answer: '', forwardUrl: '', tag: 'x' },
    ])
      expect((await call('/replyRule/save', bad, admin)).status, JSON.stringify(bad)).toBe(400);
    const first = await call('/replyRule/save', { keyword: 'dup', answer: '', forwardUrl: '', tag: 'x' }, admin);
    const twice = await call('/replyRule/save', { keyword: 'DUP!', answer: '', forwardUrl: '', tag: 'y' }, admin);
    expect(twice.body.message).toBe('A rule with the keyword "DUP!" already exists');
    await p.ctx.db.query(
      "insert into reply_rules (id, ep_id, keyword, folded, tag) select 'fill' || g, 'EP0001', 'fill' || g, 'fill' || g, 'x' from generate_series(1, 60) g limit $1",
      [50 - (await count())],
    );
    const tooMany = await call('/replyRule/save', { keyword: 'one more', answer: '', forwardUrl: '', tag: 'x' }, admin);
    expect(tooMany.body.message).toBe('An enterprise has at most 50 reply rules');
    await p.ctx.db.query("delete from reply_rules where id like 'fill%' or id = $1", [first.body.data.id]);
    expect(await count()).toBe(before);
  });
});
