import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { chromium } from 'playwright-core';
import { browserLogin, p95, startBenchPlatform } from './bench-platform';

// The local member search: 100,000 address-book members imported over HTTP, replicated into the browser's
// local database, then searched there through the one query vocabulary (sync/query/query.ts) and, for comparison in the same
// run, through the platform's /addressBook/list. Prints one JSON document last, writes bench/results/member-search.json
// and its lines in BENCHMARKS.md. Run: npx tsx bench/member-search.bench.ts [--no-build] [--records N]

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 8495;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const API = `${ORIGIN}/sms-service-api`;
const arg = process.argv.indexOf('--records');
const N = arg > 0 ? Number(process.argv[arg + 1]) : 100_000;
const ROUNDS = 10;
const log = (...a: unknown[]) => console.error(`[member search ${new Date().toISOString().slice(11, 19)}]`, ...a);
const round = (x: number) => Math.round(x * 10) / 10;

/** The searches an operator makes in the address book: a number prefix, a name fragment, both within one group. */
function cases(groupId: string) {
  const member = { op: 'eq', field: 'kind', value: 'member' };
  return [
    {
      name: 'mobile prefix 1390004',
      filters: [member, { op: 'prefix', field: 'mobile', value: '1390004' }],
      list: { mobile: '1390004' },
    },
    {
      name: 'name contains 成员9999',
      filters: [member, { op: 'contains', field: 'name', value: '成员9999' }],
      list: { name: '成员9999' },
    },
    {
      name: 'group + prefix',
      filters: [
        member,
        { op: 'eq', field: 'groupId', value: groupId },
        { op: 'prefix', field: 'mobile', value: '13900012' },
      ],
      list: { groupId, mobile: '13900012' },
    },
    { name: 'group, page 1', filters: [member, { op: 'eq', field: 'groupId', value: groupId }], list: { groupId } },
  ];
}

async function main() {
  if (!process.argv.includes('--no-build')) execSync('npx vite build', { cwd: ROOT, stdio: 'ignore' });
  const platform = await startBenchPlatform(PORT, 'bench-members', 1000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const login = await (
      await fetch(`${API}/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          username: 'admin',
          password: Buffer.from('demo1234').toString('base64'),
          code: '',
          redomStr: '',
        }),
      })
    ).json();
    const token = (login as { data: { token: string } }).data.token;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${API}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    const groupId = String((await post('/addressBook/addressBookGroupAdd', { groupName: 'bench-search' })).groupId);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('members');
    sheet.addRow(['姓名', '手机号']);
    for (let i = 0; i < N; i++) sheet.addRow([`成员${i}`, `139${String(i).padStart(8, '0')}`]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'members.xlsx');
    const up = (await (
      await fetch(`${API}/file/uploadAddressBook`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as {
      data: { fileId: string };
    };
    const imported = await post('/addressBook/addressBookMemberImport', { groupId, fileId: up.data.fileId });
    if (imported.imported !== N) throw new Error(`import answered ${JSON.stringify(imported)}`);
    log(`${N} members imported`);

    // the console starts in the browser's language: the figures are those of its default, Chinese
    const page = await browser.newPage({ locale: 'zh-CN' });
    await page.addInitScript(() => localStorage.setItem('sms.bench', '1'));
    await browserLogin(page, ORIGIN);
    await page.goto(`${ORIGIN}/sms-cloud/addressBookList`);
    const t0 = Date.now();
    // the members replicate into the local database (kept whole: the address book has no cache window); counted through
    // the query vocabulary, polled from here (waitForFunction does not await an async predicate)
    const localMembers = () =>
      page
        .evaluate(async () => {
          const b = (
            window as unknown as {
              __smsBench?: { db: unknown; countQuery: (q: unknown, o: unknown) => Promise<{ total: number }> };
            }
          ).__smsBench;
          if (!b) return -1;
          return (
            await b.countQuery(
              { collection: 'address_book', filters: [{ op: 'eq', field: 'kind', value: 'member' }], limit: 20 },
              { db: b.db, online: false, horizon: 0 },
            )
          ).total;
        })
        .catch(() => -1);
    for (const end = Date.now() + 15 * 60_000; (await localMembers()) < N;) {
      if (Date.now() > end) throw new Error('the members did not replicate in 15 minutes');
      await new Promise((r) => setTimeout(r, 1000));
    }
    const replicateMs = Date.now() - t0;
    log(`replicated in ${replicateMs} ms`);

    const all = cases(groupId);
    const local = await page.evaluate(
      async ({ all, rounds }) => {
        const b = (
          window as unknown as {
            __smsBench: { db: unknown; runQuery: (q: unknown, o: unknown) => Promise<{ rows: unknown[] }> };
          }
        ).__smsBench;
        const out: Record<string, { ms: number[]; rows: number }> = {};
        for (let r = 0; r < rounds; r++) {
          for (const c of all) {
            const t = performance.now();
            const page = await b.runQuery(
              { collection: 'address_book', filters: c.filters, limit: 20 },
              { db: b.db, online: false, horizon: 0 },
            );
            (out[c.name] ??= { ms: [], rows: 0 }).ms.push(performance.now() - t);
            out[c.name].rows = page.rows.length;
          }
        }
        return out;
      },
      { all, rounds: ROUNDS },
    );
    const platformMs: Record<string, number[]> = {};
    for (let r = 0; r < ROUNDS; r++) {
      for (const c of all) {
        const t = performance.now();
        await post('/addressBook/list', { pageNumber: 1, pageSize: 20, ...c.list });
        (platformMs[c.name] ??= []).push(performance.now() - t);
      }
    }
    const rows = all.map((c) => ({
      name: c.name,
      localP95: round(p95(local[c.name].ms)),
      platformP95: round(p95(platformMs[c.name])),
      rows: local[c.name].rows,
    }));
    const result = {
      at: new Date().toISOString(),
      members: N,
      replicateMs,
      cases: rows,
      localP95: round(Math.max(...rows.map((r) => r.localP95))),
      platformP95: round(Math.max(...rows.map((r) => r.platformP95))),
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/member-search.json'), JSON.stringify(result, null, 2) + '\n');
    const lines = [
      '<!-- bench:member-search:begin -->',
      `Measured ${result.at} with \`npx tsx bench/member-search.bench.ts\` (headless Chromium, 2 shared cores): ${N.toLocaleString('en')} members imported over HTTP, replicated into the local database in ${(replicateMs / 1000).toFixed(1)} s, then searched ${ROUNDS} times per case (first page of 20).`,
      '',
      '| member search | local p95 ms | platform /addressBook/list p95 ms | rows |',
      '|---|---|---|---|',
      ...rows.map((r) => `| ${r.name} | ${r.localP95} | ${r.platformP95} | ${r.rows} |`),
      '<!-- bench:member-search:end -->',
    ].join('\n');
    const file = join(ROOT, 'BENCHMARKS.md');
    let md = readFileSync(file, 'utf8');
    md = md.includes('<!-- bench:member-search:begin -->')
      ? md.replace(/<!-- bench:member-search:begin -->[\s\S]*?<!-- bench:member-search:end -->/, lines)
      : md.replace('<!-- bench:address-book:end -->', `<!-- bench:address-book:end -->\n\n${lines}`);
    writeFileSync(file, md);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    if (platform.pid) process.kill(-platform.pid, 'SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
