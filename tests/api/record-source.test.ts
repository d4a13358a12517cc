import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { expectedSns, insertFixtures } from './records.fixtures';

// Where a send record came from (console, SMPP bind, HTTP API): the list filters by it and refuses an unknown one, and
// the list, the download and the change feed all carry it.
describe.each(DB_KINDS)('send record source on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  const now = new Date();
  const sns = (r: { body: { data: { data: Array<{ sn: string }> } } }) => r.body.data.data.map((d) => d.sn);
  const SMPP = 'T-EP-3';
  const HTTP = 'T-SUB1-1';

  beforeAll(async () => {
    await insertFixtures(p.ctx.db, now);
    // the SMPP server and the HTTP API write these; the fixtures are console sends
    await p.ctx.db.query(`update mt_records set source = 'smpp' where sn = $1`, [SMPP]);
    await p.ctx.db.query(`update mt_records set source = 'http' where sn = $1`, [HTTP]);
    admin = await p.login('admin');
  });

  const list = (body: object) => p.call('/mtRecord/list', { pageSize: 50, prod_type: 0, ...body }, { token: admin });
  const home = (m: { prod_type: number }) => m.prod_type === 0;

  it('filters the list by source, and the rows carry it', async () => {
    const smpp = await list({ source: 'smpp' });
    expect(smpp.status).toBe(200);
    expect(sns(smpp)).toEqual([SMPP]);
    expect(smpp.body.data.data[0]).toMatchObject({ sn: SMPP, source: 'smpp' });
    expect(smpp.body.data.total).toBe(1);
    expect(sns(await list({ source: 'http' }))).toEqual([HTTP]);
    expect(sns(await list({ source: 'console' }))).toEqual(
      expectedSns((m) => home(m) && m.sn !== SMPP && m.sn !== HTTP),
    );
    // unset ('' from a form) means any source
    expect(sns(await list({ source: '' }))).toEqual(expectedSns(home));
    expect(sns(await list({ source: 'smpp', cus_id: 'SUB001' }))).toEqual([]);
    expect(sns(await list({ source: 'http', cus_id: 'SUB001' }))).toEqual([HTTP]);
    const intl = await p.call('/newMtRecord/list', { prod_type: 1, source: 'console' }, { token: admin });
    expect(intl.status).toBe(200);
    expect(intl.body.data.data.every((d: { source: string }) => d.source === 'console')).toBe(true);
  });

  it('refuses a source it does not know with 400 naming the field', async () => {
    for (const source of ['ftp', 'SMPP', 'x'.repeat(5000), 7]) {
      const r = await p.call('/mtRecord/list', { prod_type: 0, source }, { token: admin, lang: 'en' });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe('source');
      expect(r.body.message).toContain('console, smpp or http');
    }
    const dl = await p.call('/mtRecord/download', { prod_type: 0, source: 'ftp' }, { token: admin });
    expect(dl.status).toBe(400);
  });

  it('exports the source column and takes the same filter', async () => {
    const res = await fetch(`${p.base}/mtRecord/download`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}`, 'Accept-Language': 'en' },
      body: JSON.stringify({ prod_type: 0, source: 'smpp' }),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [header, ...data] = rows;
    const col = header.indexOf('Source');
    expect(col).toBeGreaterThan(0);
    expect(data.map((r) => [r[0], r[col]])).toEqual([[SMPP, 'SMPP']]);
  });

  it('carries the source in the change feed', async () => {
    const r = await p.call(
      FEED_RESOURCES.mtRecord.path,
      { direction: 'forward', limit: 200, checkpoint: null },
      { token: admin },
    );
    expect(r.status).toBe(200);
    const docs = r.body.data.documents as Array<{ sn: string; source: string }>;
    expect(docs.find((d) => d.sn === SMPP)?.source).toBe('smpp');
    expect(docs.find((d) => d.sn === HTTP)?.source).toBe('http');
    expect(docs.find((d) => d.sn === 'T-EP-1')?.source).toBe('console');
    expect(docs.every((d) => FEED_RESOURCES.mtRecord.schema.safeParse(d).success)).toBe(true);
  });
});
