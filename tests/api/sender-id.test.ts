import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// The sender id an international send asks for is kept on its batch and shown wherever the operator reads the send:
// the batch list and its pull, each record of the batch (list and pull, which the detail shows), and the downloads.
describe.each(DB_KINDS)('international sender id on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let batchId: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    const r = await p.call(
      '/user/inteGroupSend',
      { cus_id: 'EP0001', content: 'Hello', mobiles: '+14155552671\n+447400123456', sender_id: 'ACME1' },
      { token: admin },
    );
    expect(r.status).toBe(200);
    batchId = r.body.data.batch_id;
    await waitFor(
      () => p.call('/mtRecord/list', { prod_type: 1, batch_id: batchId }, { token: admin }),
      (l) => l.body.data?.data?.length === 2,
    );
  });

  async function sheet(path: string, body: object): Promise<string[][]> {
    const res = await fetch(p.base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}`, 'Accept-Language': 'en' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
    );
    return rows;
  }
  const cell = (rows: string[][], header: string, match: (row: string[]) => boolean) => {
    const col = rows[0].indexOf(header);
    expect(col, `column ${header}`).toBeGreaterThanOrEqual(0);
    return rows
      .slice(1)
      .filter(match)
      .map((r) => r[col]);
  };

  it('lists and pulls the batch with its sender id', async () => {
    const list = await p.call('/dataGathering/batchList', { prod_type: 1, batch_id: batchId }, { token: admin });
    expect(list.body.data.data).toEqual([expect.objectContaining({ batch_id: batchId, sender_id: 'ACME1' })]);
    // every batch in one page: the seeded batches' records are still being reported meanwhile, and a newer change to
    // more than a page of them would push this batch out of a shorter first page
    // and a pull reaches only up to the changes every open transaction is past (feed/change-feed.ts): the seeded
    // batches' reports keep writing, so the batch is waited for as the console's next pull would find it
    const pulled = await waitFor(
      () => p.call('/dataGathering/batchPull', { direction: 'backfill', limit: 10_000 }, { token: admin }),
      (r) => (r.body.data.documents as Array<{ batch_id: string }>).some((d) => d.batch_id === batchId),
    );
    expect(pulled.body.data.checkpoint).toBeNull();
    const docs = pulled.body.data.documents as Array<{ batch_id: string; sender_id: string | null }>;
    expect(docs.find((d) => d.batch_id === batchId)?.sender_id).toBe('ACME1');
    // a domestic batch has none
    expect(docs.filter((d) => d.batch_id !== batchId).every((d) => d.sender_id === null)).toBe(true);
  });

  it('gives each record of the batch its sender id, in the list and in the pull the detail is read from', async () => {
    const list = await p.call('/mtRecord/list', { prod_type: 1, batch_id: batchId }, { token: admin });
    expect(list.body.data.data.map((r: { sender_id: string }) => r.sender_id)).toEqual(['ACME1', 'ACME1']);
    const pulled = await p.call('/mtRecord/pull', { direction: 'backfill', limit: 10_000 }, { token: admin });
    expect(pulled.body.data.checkpoint).toBeNull();
    const docs = pulled.body.data.documents as Array<{ batch_id: string; sender_id: string | null }>;
    expect(docs.filter((d) => d.batch_id === batchId).map((d) => d.sender_id)).toEqual(['ACME1', 'ACME1']);
  });

  it('writes the sender id into the records and batch downloads of the international line', async () => {
    const records = await sheet('/mtRecord/download', { prod_type: 1 });
    // the two records of the send, and no other international record (their sends asked for none)
    expect(cell(records, 'Sender id', () => true).filter(Boolean)).toEqual(['ACME1', 'ACME1']);
    const batches = await sheet('/dataGathering/downloadBatch', { prod_type: 1 });
    expect(cell(batches, 'Sender id', (r) => r[0] === batchId)).toEqual(['ACME1']);
    // the domestic batch download has no such column
    expect((await sheet('/dataGathering/downloadBatch', { prod_type: 0 }))[0]).not.toContain('Sender id');
  });
});
