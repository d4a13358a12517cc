import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_STATUSES } from '../../contract/endpoints/number-check.endpoints';
import { saveFile } from '../../platform/library/files';
import { numberStatusOf } from '../../platform/records/number-status';
import { countStatuses } from '../../platform/tools/number-check.worker';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { tokenFor, waitFor } from './send.fixtures';

// Number-status checks over HTTP on both storages: the online check, a batch from an uploaded xlsx checked in the
// background with progress, a 100,000-number batch that does not hold up other calls, the results file, the lists,
// materials, and scoping.

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('numbers');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const numbers = (n: number, start = 13_500_000_000) => Array.from({ length: n }, (_, i) => String(start + i * 7));

describe.each(DB_KINDS)('number-status checks on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let user: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
  });

  const batchOf = async (batchId: string, token = admin, filter: Record<string, string> = {}) =>
    (
      (await p.call('/mobileStatus/list', { pageSize: 100, ...filter }, { token })).body.data.data as Array<
        Record<string, number | string>
      >
    ).find((b) => b.batch_id === batchId);
  const uploaded = async (cusId: string, rows: string[][]) =>
    (
      await saveFile(p.ctx, {
        cusId,
        kind: 'sheet',
        fileName: 'numbers.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: await xlsxOf(rows),
        rowCount: rows.length - 1,
      })
    ).file_id;

  it('the online check answers each number deterministically and records a finished batch', async () => {
    const mobiles = ['13800138000', '13912345678', '12345', '13800138000'];
    const r = await p.call(
      '/mobileStatus/onlineCheck',
      { mobiles: mobiles.join('\n'), batch_name: 'quick' },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      batch_name: 'quick',
      batch_count: 3,
      invalid_count: 1,
      status: 1,
      checked_count: 3,
    });
    expect(r.body.data.results).toEqual([
      { mobile: '13800138000', status: numberStatusOf('13800138000') },
      { mobile: '13912345678', status: numberStatusOf('13912345678') },
      { mobile: '12345', status: 'invalid' },
    ]);
    const again = await p.call('/mobileStatus/onlineCheck', { mobiles: ['13912345678'] }, { token: admin });
    expect(again.body.data.results[0].status).toBe(numberStatusOf('13912345678'));
  });

  it('a batch from an uploaded xlsx is checked in the background into its counts', async () => {
    const mobiles = [...numbers(2500), '1234', 'abc'];
    const fileId = await uploaded('EP0001', [['mobile'], ...mobiles.map((m) => [m])]);
    const r = await p.call(
      '/mobileStatus/batchCheck',
      { fileId, batch_name: 'upload-2500' },
      { token: admin, lang: 'en' },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('The check has started');
    expect(r.body.data).toMatchObject({
      batch_name: 'upload-2500',
      batch_count: 2502,
      status: 0,
      checked_count: 0,
      real_count: 0,
    });
    const done = await waitFor(
      () => batchOf(r.body.data.batch_id),
      (b) => b?.status === 1,
    );
    const c = countStatuses(mobiles);
    expect(done).toMatchObject({
      checked_count: 2502,
      invalid_count: 2,
      ...Object.fromEntries(NUMBER_STATUSES.map((s) => [`${s}_count`, c[s]])),
    });
    // every status occurs in 2,500 numbers, so the counts are a real split
    for (const s of NUMBER_STATUSES) expect(done![`${s}_count`]).toBeGreaterThan(0);
    const file = await fetch(`${p.base}/mobileStatus/download`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ batch_id: r.body.data.batch_id }),
    });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await file.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(2503);
    expect(sheet.getRow(1).getCell(2).value).toBe('Status');
    // the sub-account can neither see nor download the enterprise's batch, nor check a file it does not own
    expect(await batchOf(r.body.data.batch_id, user)).toBeUndefined();
    expect((await p.call('/mobileStatus/download', { batch_id: r.body.data.batch_id }, { token: user })).status).toBe(
      404,
    );
    expect((await p.call('/mobileStatus/batchCheck', { fileId }, { token: user })).status).toBe(400);
  });

  it('a 100,000-number batch shows progress and finishes while other calls are answered', async () => {
    const mobiles = numbers(100_000, 13_000_000_000);
    const started = Date.now();
    const r = await p.call('/mobileStatus/batchCheck', { mobiles, batch_name: 'big' }, { token: admin });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const accepted = Date.now() - started;
    const id = r.body.data.batch_id as string;
    const big = () => batchOf(id, admin, { batch_name: 'big' });
    const midway = await waitFor(big, (b) => Number(b?.checked_count) > 0 && b?.status === 0);
    expect(Number(midway!.checked_count)).toBeLessThan(100_000);
    // other work goes on meanwhile
    let answered = 0;
    const slowest = { ms: 0 };
    for (;;) {
      const t = Date.now();
      const other = await p.call('/mobileStatus/onlineCheck', { mobiles: ['13800138000'] }, { token: user });
      expect(other.status).toBe(200);
      slowest.ms = Math.max(slowest.ms, Date.now() - t);
      answered++;
      if ((await big())?.status === 1) break;
    }
    const done = await big();
    const total = NUMBER_STATUSES.reduce((n, s) => n + Number(done![`${s}_count`]), 0) + Number(done!.invalid_count);
    expect(total).toBe(100_000);
    console.info(
      `[${kind}] 100k batch: accepted in ${accepted} ms, done in ${Date.now() - started} ms; ${answered} other checks answered meanwhile, slowest ${slowest.ms} ms`,
    );
  }, 120_000);

  it('statistics, lists and materials are scoped; bad input is a 400', async () => {
    const stats = await p.call('/mobileStatus/mobileStatusStatistics', {}, { token: admin });
    expect(stats.status).toBe(200);
    expect(stats.body.data.data[0]).toMatchObject({ cus_id: 'EP0001' });
    expect(stats.body.data.data[0].request_count).toBe(102_506);
    const yearly = await p.call('/mobileStatus/mobileStatusStatistics', { dimension: 2 }, { token: admin });
    expect(yearly.body.data.data[0]).toMatchObject({
      gathering_time: expect.stringMatching(/^\d{4}$/),
      request_count: 102_506,
    });
    expect(
      (await p.call('/mobileStatus/mobileStatusStatistics', {}, { token: user })).body.data.data.every(
        (r: { cus_id: string }) => r.cus_id === 'SUB001',
      ),
    ).toBe(true);
    // screen 17's customer list: one row per account with all its finished checks
    const customers = await p.call('/mobileStatus/customerList', {}, { token: admin });
    expect(customers.status).toBe(200);
    const ep = customers.body.data.data.find((r: { cus_id: string }) => r.cus_id === 'EP0001');
    expect(ep).toMatchObject({ batch_total: 4, request_count: 102_506 });
    expect(NUMBER_STATUSES.reduce((n, s) => n + ep[`${s}_count`], 0) + ep.failure_count).toBe(102_506);
    const sub = await p.call('/mobileStatus/customerList', { cus_id: 'EP0001' }, { token: user });
    expect(sub.body.data.data.every((r: { cus_id: string }) => r.cus_id === 'SUB001')).toBe(true);
    await p.ctx.db.query(
      "insert into aim_materials(material_id, cus_id, name, media_type, size, create_time) values ('M-1', 'SUB001', 'logo', 'image', 100, now()), ('M-2', 'EP0001', 'banner', 'image', 200, now())",
    );
    const mine = await p.call('/aim/materialList', {}, { token: user });
    expect(mine.body.data.data.map((m: { material_id: string }) => m.material_id)).toEqual(['M-1']);
    expect((await p.call('/aim/materialDelete', { material_id: 'M-2' }, { token: user })).status).toBe(404);
    expect((await p.call('/aim/materialDelete', { material_id: 'M-1' }, { token: user })).status).toBe(200);
    expect((await p.call('/aim/materialList', {}, { token: user })).body.data.total).toBe(0);
    for (const body of [{}, { mobiles: '' }, { fileId: 'a\u0000' }, { mobiles: 12 }, { fileId: 'nope' }]) {
      const bad = await p.call('/mobileStatus/batchCheck', body, { token: admin });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const notSheet = await saveFile(p.ctx, {
      cusId: 'EP0001',
      kind: 'sheet',
      fileName: 'x.xlsx',
      contentType: 'x',
      bytes: Buffer.from('not a workbook'),
      rowCount: null,
    });
    expect((await p.call('/mobileStatus/batchCheck', { fileId: notSheet.file_id }, { token: admin })).status).toBe(400);
    expect(
      (await p.call('/mobileStatus/onlineCheck', { mobiles: numbers(100_001).join(',') }, { token: admin })).status,
    ).toBe(400);
    expect((await p.call('/mobileStatus/list', {})).status).toBe(401);
  });
});
