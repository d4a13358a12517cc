import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, balanceOf } from './send.fixtures';
import { SMPP_TEST_ACCOUNT, bindTestAccount, pipelined, smppTestAccount, ucs2Submit } from './smpp.fixtures';

// When the database refuses a group of submits part way through its transaction (after the charge, at the records),
// the client is told the system failed for each of them, the transaction leaves no record, batch or charge behind,
// and the bind goes on: the client may submit again on the same session.

const { cusId } = SMPP_TEST_ACCOUNT;

/** What a submit leaves behind for the account: its balance and its rows in each table a stored submit writes. */
async function footprint(p: TestPlatform) {
  const [rows] = await p.ctx.db.query<{ records: number; batches: number; messages: number; ledger: number }>(
    `select (select count(*)::int from mt_records where cus_id = $1) as records,
            (select count(*)::int from batches where cus_id = $1) as batches,
            (select count(*)::int from smpp_messages where cus_id = $1) as messages,
            (select count(*)::int from balance_ledger where cus_id = $1) as ledger`,
    [cusId],
  );
  return { ...rows, balance: await balanceOf(p, cusId) };
}

/** Makes the database itself refuse the account's records (a trigger raising an error) while `fn` runs. */
async function refusingRecords<T>(p: TestPlatform, fn: () => Promise<T>): Promise<T> {
  await p.ctx.db.exec(`
    create function refuse_test_records() returns trigger language plpgsql as $$
      begin raise exception 'mt_records refused by the test'; end $$;
    create trigger refuse_test_records before insert on mt_records for each row
      when (new.cus_id = '${cusId}') execute function refuse_test_records();`);
  try {
    return await fn();
  } finally {
    await p.ctx.db.exec('drop trigger refuse_test_records on mt_records; drop function refuse_test_records();');
  }
}

describe.each(DB_KINDS)('SMPP submits the database fails to store, on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
    await smppTestAccount(p, { balance: 1000, payType: 0 });
  });
  afterAll(async () => p?.close());

  it('answers ESME_RSYSERR to each submit of the failed groups, stores and charges none, and the session stays bound', async () => {
    const { peer, status } = await bindTestAccount(p, 'bind_transmitter');
    expect(status).toBe(STATUS.ROK);
    const before = await footprint(p);
    const mobiles = ['13900006001', '13900006002', '13900006003', '13900006004'];

    const answers = await refusingRecords(p, () =>
      pipelined(
        peer,
        mobiles.map((m, i) => ucs2Submit(m, `存储失败${i}`)),
      ),
    );
    expect(STATUS.RSYSERR).toBe(0x08);
    expect(answers.map((r) => [r.command, r.commandStatus])).toEqual(
      mobiles.map(() => ['submit_sm_resp', STATUS.RSYSERR]),
    );
    expect(await footprint(p)).toEqual(before);

    // the same session, once the database takes records again
    expect((await peer.call({ command: 'enquire_link' })).commandStatus).toBe(STATUS.ROK);
    const again = await peer.call(ucs2Submit(mobiles[0], '存储恢复'));
    expect(again.commandStatus).toBe(STATUS.ROK);
    const messageId = String((again as unknown as { messageId: string }).messageId);
    const stored = await p.ctx.db.query<{ mobile: string; content: string }>(
      'select r.mobile, r.content from smpp_messages s join mt_records r on r.sn = s.sn where s.message_id = $1',
      [messageId],
    );
    expect(stored).toEqual([{ mobile: mobiles[0], content: '存储恢复' }]);
    const after = await footprint(p);
    expect(after).toMatchObject({
      records: before.records + 1,
      messages: before.messages + 1,
      ledger: before.ledger + 1,
    });
    expect(after.balance).toBeLessThan(before.balance);
    peer.end();
  });
});
