// Address-book import of 100,000 members: upload + /addressBook/addressBookMemberImport over HTTP (stream
// the sheet, check every row, report bad and repeated ones) vs a raw multi-row INSERT of the same rows into the same
// database in one run (embedded PGlite). The local member search at that size is bench/member-search.bench.ts (in the
// browser: fake-indexeddb in Node takes minutes to hold 100,000 indexed documents).
// Run: npx tsx bench/address-book-import.bench.ts [--records N]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { adminCaller, benchPlatform } from './in-process-platform';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = process.argv.indexOf('--records');
const N = arg > 0 ? Number(process.argv[arg + 1]) : 100_000;
const ROWS_PER_INSERT = 2000;

async function main() {
  const bench = await benchPlatform();
  const { platform } = bench;
  const { token, base, post } = await adminCaller(bench, await bench.listen());
  const db = platform.ctx.db;
  const rows = Array.from({ length: N }, (_, i) => [
    `成员${i}`,
    `139${String(i).padStart(8, '0')}`,
    `m${i}@example.com`,
    `J${i}`,
    i % 2 ? '男' : '女',
    '1990-01-01',
    '',
  ]);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('members');
  sheet.addRow(['姓名', '手机号', '邮箱', '工号', '性别', '生日', '备注']);
  for (const r of rows) sheet.addRow(r);
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());

  // through the API: upload (type check, row count) and import
  const g1 = String((await post('/addressBook/addressBookGroupAdd', { groupName: 'bench-http' })).groupId);
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(xlsx)]), 'members.xlsx');
  const up = (await (
    await fetch(`${base}/file/uploadAddressBook`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as {
    data: { fileId: string };
  };
  const t1 = performance.now();
  const out = await post('/addressBook/addressBookMemberImport', { groupId: g1, fileId: up.data.fileId });
  const httpMs = performance.now() - t0;
  if (out.imported !== N) throw new Error(`import answered ${JSON.stringify(out)}`);

  // raw: the same rows, multi-row INSERTs in one transaction, no checks
  const g2 = String((await post('/addressBook/addressBookGroupAdd', { groupName: 'bench-raw' })).groupId);
  const r0 = performance.now();
  await db.tx(async (q) => {
    for (let s = 0; s < N; s += ROWS_PER_INSERT) {
      const chunk = rows.slice(s, s + ROWS_PER_INSERT).map((r, i) => ({
        id: `RAW${s + i}`,
        name: r[0],
        mobile: r[1],
        email: r[2],
        job: r[3],
        gender: r[4] === '男' ? 'male' : 'female',
        birthday: r[5],
      }));
      await q.query(
        `insert into address_members(id, cus_id, group_id, name, mobile, email, job_number, gender, birthday)
         select r.id, 'EP0001', $2, r.name, r.mobile, r.email, r.job, r.gender, r.birthday
           from jsonb_to_recordset($1::jsonb) as r(id text, name text, mobile text, email text, job text, gender text, birthday text)`,
        [JSON.stringify(chunk), g2],
      );
    }
  });
  const rawMs = performance.now() - r0;
  await platform.close();
  console.error(
    `[address-book] import over HTTP ${Math.round(httpMs)} ms (upload ${Math.round(t1 - t0)} ms), raw insert ${Math.round(rawMs)} ms`,
  );

  const result = {
    at: new Date().toISOString(),
    records: N,
    uploadMs: Math.round(t1 - t0),
    httpMs: Math.round(httpMs),
    rawMs: Math.round(rawMs),
    httpRate: Math.round(N / (httpMs / 1000)),
    rawRate: Math.round(N / (rawMs / 1000)),
    ratio: Number((rawMs / httpMs).toFixed(2)),
  };
  const lines = [
    '<!-- bench:address-book:begin -->',
    `Measured ${result.at} with \`npx tsx bench/address-book-import.bench.ts\` (PGlite, in-process, 2 shared cores).`,
    '',
    `Address-book import of ${N.toLocaleString('en')} members from xlsx over HTTP (upload ${(result.uploadMs / 1000).toFixed(1)} s + import): ${(result.httpMs / 1000).toFixed(1)} s, ${result.httpRate.toLocaleString('en')} rows/s; raw multi-row INSERT of the same rows: ${(result.rawMs / 1000).toFixed(1)} s, ${result.rawRate.toLocaleString('en')} rows/s; ratio ${result.ratio}.`,
    '<!-- bench:address-book:end -->',
  ].join('\n');
  const file = join(ROOT, 'BENCHMARKS.md');
  let md = readFileSync(file, 'utf8');
  md = md.includes('<!-- bench:address-book:begin -->')
    ? md.replace(/<!-- bench:address-book:begin -->[\s\S]*?<!-- bench:address-book:end -->/, lines)
    : `${md.trimEnd()}\n\n## Address book\n\n${lines}\n`;
  writeFileSync(file, md);
  console.log(JSON.stringify(result, null, 2));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
