import Fastify from 'fastify';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { sendXlsx, type Column } from './xlsx-export';

// The export's error paths: a query that fails at once is an ordinary error answer; one that fails mid-stream cuts
// the download short. Neither leaves a rejected promise behind (vitest fails the run on an unhandled rejection).
const columns: Column<{ n: number; s: string }>[] = [
  { label: { zh: '序号', en: 'No.' }, value: 'n' },
  { label: { zh: '文本', en: 'Text' }, value: 's' },
];

async function* rows(count: number, failAt?: number) {
  for (let n = 1; n <= count; n++) {
    if (n === failAt) throw new Error('query failed');
    yield { n, s: n % 2 ? '=cmd' : '13800138000' };
  }
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => Promise.all(apps.splice(0).map((a) => a.close())));

async function serve(source: () => AsyncIterable<{ n: number; s: string }>) {
  const app = Fastify({ logger: false });
  app.get('/x', async (_req, reply) => {
    await sendXlsx(reply, 'en', 'test', columns, source());
    return reply;
  });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/x`;
}

describe('xlsx export stream', () => {
  it('streams every row of a large export into a readable workbook', async () => {
    const res = await fetch(await serve(() => rows(20_000)));
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = await (
      await JSZip.loadAsync(await res.arrayBuffer())
    )
      .file('xl/worksheets/sheet1.xml')!
      .async('string');
    expect(sheet.match(/<row /g)).toHaveLength(20_001);
    expect(sheet).toContain('<t xml:space="preserve">=cmd</t>');
  });

  it('answers an ordinary error when the query fails before the first row', async () => {
    const res = await fetch(await serve(() => rows(10, 1)));
    expect(res.status).toBe(500);
  });

  it('cuts the download short when the query fails mid-stream, and the server keeps serving', async () => {
    const url = await serve(() => rows(50_000, 30_000));
    const failed = await fetch(url)
      .then(
        async (r) => {
          await r.arrayBuffer();
          return false;
        },
        () => true,
      )
      .catch(() => true);
    expect(failed).toBe(true);
    const again = await fetch(url.replace(/\/x$/, '/x'));
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });
});
