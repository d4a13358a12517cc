// Blacklist import of 100,000 numbers: upload + /mobileBlack/import over HTTP (read and check every row, add them a
// slice per transaction, write the per-row report), then a number search on the platform's list at that size. The
// console's own search at that size is an index range over the replicated list (sync/query/query.ts prefixPlan), the one
// bench/member-search.bench.ts measures for the address book.
// Run: npx tsx bench/blacklist-import.bench.ts [--records N]   (prints its figures; BENCHMARKS.md is not written)
import ExcelJS from 'exceljs';
import { adminCaller, benchPlatform } from './in-process-platform';

const arg = process.argv.indexOf('--records');
const N = arg > 0 ? Number(process.argv[arg + 1]) : 100_000;

async function main() {
  const bench = await benchPlatform();
  const { platform } = bench;
  const { token, base, post } = await adminCaller(bench, await bench.listen());
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('numbers');
  sheet.addRow(['号码']);
  // every 100th row repeats the one before it, so the report has duplicates to tell
  for (let i = 0; i < N; i++) sheet.addRow([`136${String(i % 100 === 99 ? i - 1 : i).padStart(8, '0')}`]);
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());

  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(xlsx)]), 'numbers.xlsx');
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
  const out = await post('/mobileBlack/import', { fileId: up.data.fileId });
  const importMs = performance.now() - t0;
  if (Number(out.added) + Number(out.duplicates) !== N)
    throw new Error(`import answered ${JSON.stringify({ ...out, rows: undefined })}`);

  const searches: number[] = [];
  for (let i = 0; i < 20; i++) {
    const s0 = performance.now();
    // a listed number at any size: the rows that repeat the one before them hold no number of their own
    const k = (i * 4987) % N;
    const page = await post('/mobileBlack/list', {
      mobile: `136${String(k % 100 === 99 ? k - 1 : k).padStart(8, '0')}`,
      pageSize: 20,
    });
    searches.push(performance.now() - s0);
    if (Number(page.total) !== 1) throw new Error(`search ${i} found ${String(page.total)}`);
  }
  searches.sort((a, b) => a - b);
  await platform.close();
  console.log(
    JSON.stringify(
      {
        at: new Date().toISOString(),
        records: N,
        added: out.added,
        duplicates: out.duplicates,
        uploadMs: Math.round(t1 - t0),
        importMs: Math.round(importMs),
        rowsPerS: Math.round(N / (importMs / 1000)),
        searchP50Ms: Number(searches[10].toFixed(1)),
        searchP95Ms: Number(searches[18].toFixed(1)),
      },
      null,
      2,
    ),
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
