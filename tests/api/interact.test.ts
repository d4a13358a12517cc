import { beforeAll, describe, expect, it } from 'vitest';
import { simulatedReplyFor } from '../../platform/messaging/simulator';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Conversations over HTTP on both storages: replies from the simulated carrier threaded per number with the message
// they answer, a reply from the thread as a one-number send, the download, scoping and bad input.

describe.each(DB_KINDS)('conversations on %s', (kind) => {
  const p = platformFor(kind, { simulator: { ...FAST_SIMULATOR, replyRate: 1 } });
  let admin: string;
  let user: string;
  const MOBILE = '13912340001';
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
    const send = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: 'Your order has shipped', mobiles: `${MOBILE}\n13912340002` },
      { token: admin },
    );
    expect(send.status, JSON.stringify(send.body)).toBe(200);
    await waitFor(
      async () =>
        (
          await p.ctx.db.query<{ n: number }>(
            "select count(*)::int as n from mo_records where cus_id = 'EP0001' and mobile like '1391234000%'",
          )
        )[0].n,
      (n) => n >= 2,
    );
  });

  it('lists one conversation per number with its last reply and unanswered count', async () => {
    const r = await p.call('/interact/list', { decodeMobile: '1391234000' }, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(2);
    const s = r.body.data.data.find((x: { decodeMobile: string }) => x.decodeMobile === MOBILE);
    expect(s).toMatchObject({
      cus_id: 'EP0001',
      lastContent: simulatedReplyFor(MOBILE),
      unreadCount: 1,
      messageCount: 2,
    });
    // a sub-account sees none of the enterprise's conversations
    const own = await p.call('/interact/list', { cus_id: 'EP0001' }, { token: user });
    expect(own.body.data.total).toBe(0);
  });

  it('a thread holds the sent message and the reply with the message it answers; a reply is a send', async () => {
    const thread = await p.call(
      '/interact/messageInteractList',
      { cus_id: 'EP0001', decodeMobile: MOBILE },
      { token: admin },
    );
    expect(thread.status).toBe(200);
    expect(thread.body.data.messages.map((m: { direction: string }) => m.direction)).toEqual(['mt', 'mo']);
    expect(thread.body.data.messages[1]).toMatchObject({
      content: simulatedReplyFor(MOBILE),
      replyTo: 'Your order has shipped',
    });
    expect(thread.body.data.hasMore).toBe(false);

    const headers = { 'Idempotency-Key': `reply-${kind}` };
    const sent = await p.call(
      '/interact/messageInteractSend',
      { cus_id: 'EP0001', decodeMobile: MOBILE, content: 'Thanks, it arrives tomorrow' },
      { token: admin, headers },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.segments).toBe(1);
    const again = await p.call(
      '/interact/messageInteractSend',
      { cus_id: 'EP0001', decodeMobile: MOBILE, content: 'Thanks, it arrives tomorrow' },
      { token: admin, headers },
    );
    expect(again.body.data.sn).toBe(sent.body.data.sn);
    // the reply is in the send records, once
    const records = await p.call('/mtRecord/list', { decodeMobile: MOBILE, prod_type: 0 }, { token: admin });
    expect(
      records.body.data.data
        .filter((d: { decodeContent: string }) => d.decodeContent === 'Thanks, it arrives tomorrow')
        .map((d: { sn: string }) => d.sn),
    ).toEqual([sent.body.data.sn]);
    // the simulated carrier (reply rate 1) answers the reply too: unanswered counts only uplinks after our reply
    const answered = await waitFor(
      async () =>
        (await p.call('/interact/messageInteractList', { cus_id: 'EP0001', decodeMobile: MOBILE }, { token: admin }))
          .body.data.messages,
      (m: Array<{ direction: string }>) => m.length === 4,
    );
    expect(answered.map((m: { direction: string }) => m.direction)).toEqual(['mt', 'mo', 'mt', 'mo']);
    expect(answered[3]).toMatchObject({ replyTo: 'Thanks, it arrives tomorrow' });
    // the conversation's summary row follows the thread: wait for it to have taken the last reply in
    const after = await waitFor(
      async () => (await p.call('/interact/list', { decodeMobile: MOBILE }, { token: admin })).body.data.data[0],
      (row: { lastContent: string }) => row?.lastContent === simulatedReplyFor(MOBILE),
    );
    expect(after).toMatchObject({ lastContent: simulatedReplyFor(MOBILE), unreadCount: 1, messageCount: 4 });
    const older = await p.call(
      '/interact/messageInteractList',
      { cus_id: 'EP0001', decodeMobile: MOBILE, limit: 1 },
      { token: admin },
    );
    expect(older.body.data.hasMore).toBe(true);
    expect(older.body.data.messages).toHaveLength(1);
  });

  it('needs a token for the thread, refuses other accounts and bad input with 4xx', async () => {
    expect((await p.call('/interact/messageInteractList', { cus_id: 'EP0001', decodeMobile: MOBILE })).status).toBe(
      401,
    );
    expect(
      (await p.call('/interact/messageInteractList', { cus_id: 'EP0001', decodeMobile: MOBILE }, { token: user }))
        .status,
    ).toBe(403);
    const other = await p.call(
      '/interact/messageInteractSend',
      { cus_id: 'EP0001', decodeMobile: MOBILE, content: 'x' },
      { token: user },
    );
    expect(other.status).toBe(403);
    const empty = await p.call(
      '/interact/messageInteractSend',
      { cus_id: 'EP0001', decodeMobile: MOBILE, content: ' ' },
      { token: admin, lang: 'en' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The reply cannot be empty');
    for (const body of [
      { cus_id: 'EP0001', decodeMobile: 'x\u0000' },
      { cus_id: 'EP0001', decodeMobile: MOBILE, before: 9e15 },
      { cus_id: 'EP0001', decodeMobile: MOBILE, limit: 2 ** 31 },
    ]) {
      expect((await p.call('/interact/messageInteractList', body, { token: admin })).status, JSON.stringify(body)).toBe(
        400,
      );
    }
  });

  it('marks a number that unsubscribed, and refuses a reply to it with the reason', async () => {
    const OUT = '13912340002';
    await p.ctx.db.query(
      "insert into blacklist (ep_id, mobile, source) select ep_id, $1, 'reply' from accounts where cus_id = 'EP0001' on conflict do nothing",
      [OUT],
    );
    const list = await p.call('/interact/list', { decodeMobile: '1391234000' }, { token: admin });
    const byMobile = Object.fromEntries(
      list.body.data.data.map((x: { decodeMobile: string; unsubscribed: boolean }) => [x.decodeMobile, x.unsubscribed]),
    );
    expect(byMobile).toEqual({ [MOBILE]: false, [OUT]: true });
    const before = await p.ctx.db.query<{ n: number }>('select count(*)::int as n from mt_records where mobile = $1', [
      OUT,
    ]);
    const refused = await p.call(
      '/interact/messageInteractSend',
      { cus_id: 'EP0001', decodeMobile: OUT, content: 'Are you sure?' },
      { token: admin, lang: 'en', headers: { 'Idempotency-Key': `out-${kind}` } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Every number is on the blacklist (1; they replied to unsubscribe): nothing to send',
    );
    expect(
      await p.ctx.db.query<{ n: number }>('select count(*)::int as n from mt_records where mobile = $1', [OUT]),
    ).toEqual(before);
  });

  it('downloads the conversations as xlsx', async () => {
    const file = await fetch(`${p.base}/interact/download`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
