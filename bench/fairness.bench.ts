// Fairness on a shared platform: tenant B's ordinary list call (its MT records, page 1) while tenant A runs heavy
// work, on PGlite and on PostgreSQL. A is seeded with one big address-book group and many MT records (set-based
// inserts); B's p95 and max latency during each of A's actions are compared with B's idle p95 (target < 2x).
// The platform runs in a child process (this file with --serve), so B's timings are not taken on the server's loop.
// Run: npx tsx bench/fairness.bench.ts [--members N] [--records N] [--import N] [--send N] [--storage pglite|postgres|both]
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';
import { SERVICE_BASE_PATH } from '../contract/constants';
import { issueToken } from '../platform/auth/tokens';
import { openPostgres } from '../platform/db/postgres-db';
import { purgeEvents } from '../platform/library/group-purge';
import { createDatabase, startPgCluster } from '../tests/helpers/postgres';
import { p95, ROOT } from './bench-platform';
import { benchPlatform } from './in-process-platform';

const arg = (name: string, dflt: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : dflt;
const MEMBERS = arg('--members', 100_000);
const RECORDS = arg('--records', 100_000);
const IMPORT = arg('--import', 20_000);
const SEND = arg('--send', 100_000);
const storageArg = process.argv.includes('--storage') ? process.argv[process.argv.indexOf('--storage') + 1] : 'both';
const BIG_GROUP = 'AGBENCHBIG';
const B_RECORDS = 2000;

/** The child: a platform over the given storage, A and B seeded, the port and tokens printed as one JSON line. */
async function serve() {
  const url = process.env.DATABASE_URL || null;
  const { platform, db, listen } = await benchPlatform({ databaseUrl: url }, url ? await openPostgres(url) : undefined);
  const t0 = performance.now();
  await db.query("update accounts set balance = 1e9 where cus_id = 'EP0001'");
  await db.query(
    `insert into address_groups(group_id, cus_id, group_name, create_time) values ($1, 'EP0001', 'bench-big', now())`,
    [BIG_GROUP],
  );
  for (let s = 0; s < MEMBERS; s += 50_000) {
    await db.query(
      `insert into address_members(id, cus_id, group_id, name, mobile, email, create_time)
       select 'AMB' || lpad(g::text, 9, '0'), 'EP0001', $1, '成员' || g, '139' || lpad(g::text, 8, '0'), 'm' || g || '@example.com', now() - make_interval(secs => g)
         from generate_series($2::int + 1, least($2::int + 50000, $3::int)) g`,
      [BIG_GROUP, s, MEMBERS],
    );
  }
  await db.query('update address_groups set member_count = $2 where group_id = $1', [BIG_GROUP, MEMBERS]);
  const records = async (cus: string, prefix: string, n: number) => {
    for (let s = 0; s < n; s += 50_000) {
      await db.query(
        `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
         select $1 || lpad(g::text, 9, '0'), 0, $2, 'TB-' || $1, '138' || lpad(g::text, 8, '0'), 'bench content ' || g, 0, now() - make_interval(secs => g), to_char(now(), 'YYYYMM')
           from generate_series($3::int + 1, least($3::int + 50000, $4::int)) g`,
        [prefix, cus, s, n],
      );
    }
  };
  await records('EP0001', 'BA', RECORDS);
  await records('AGT001', 'BB', B_RECORDS);
  await db.exec('analyze');
  const seedMs = Math.round(performance.now() - t0);
  // the group purge's progress, for the parent to know when a delete's background work has ended
  const purge = { batches: 0, idle: 0 };
  purgeEvents.on('batch', () => purge.batches++);
  purgeEvents.on('idle', () => purge.idle++);
  platform.app.get('/bench/purge', async () => purge);
  const origin = await listen();
  const tokens: Record<string, string> = {};
  for (const name of ['admin', 'agent']) {
    const [u] = await db.query<{ id: number }>('select id from users where username = $1', [name]);
    tokens[name] = (await issueToken(db, u.id, new Date())).token;
  }
  console.log(JSON.stringify({ port: Number(new URL(origin).port), tokens, seedMs }));
}

interface Child {
  proc: ChildProcess;
  origin: string;
  tokens: Record<string, string>;
  seedMs: number;
}

async function startChild(databaseUrl: string | undefined): Promise<Child> {
  const args = [
    'tsx',
    'bench/fairness.bench.ts',
    '--serve',
    '--members',
    String(MEMBERS),
    '--records',
    String(RECORDS),
  ];
  const proc = spawn('npx', args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const lines = createInterface({ input: proc.stdout! });
  for await (const line of lines) {
    if (!line.startsWith('{')) continue;
    const out = JSON.parse(line) as { port: number; tokens: Record<string, string>; seedMs: number };
    return { proc, origin: `http://127.0.0.1:${out.port}`, tokens: out.tokens, seedMs: out.seedMs };
  }
  throw new Error('platform did not start');
}

function stopChild(c: Child): Promise<void> {
  return new Promise((resolve) => {
    c.proc.once('exit', () => resolve());
    if (c.proc.pid) process.kill(-c.proc.pid, 'SIGTERM');
  });
}

async function post(c: Child, path: string, body: unknown, token: string): Promise<Response> {
  return fetch(`${c.origin}${SERVICE_BASE_PATH}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function json(res: Response): Promise<{ type: number; message: string; data: any }> {
  const body = (await res.json()) as { type: number; message: string; data: any };
  if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** B's list call, back to back with a short pause, until `stop` resolves; latencies in ms. */
async function sampleB(c: Child, until: Promise<unknown>, minSamples = 0): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const out: number[] = [];
  while (!done || out.length < minSamples) {
    const t0 = performance.now();
    await json(await post(c, '/mtRecord/list', { prod_type: 0, pageNumber: 1, pageSize: 20 }, c.tokens.agent));
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 25));
  }
  return out;
}

async function drain(res: Response): Promise<number> {
  if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

async function importSheet(n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('members');
  sheet.addRow(['姓名', '手机号', '邮箱', '工号', '性别', '生日', '备注']);
  for (let i = 0; i < n; i++)
    sheet.addRow([`导入${i}`, `137${String(i).padStart(8, '0')}`, '', `J${i}`, i % 2 ? '男' : '女', '', '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Figures {
  ms: number;
  samples: number;
  p95: number;
  max: number;
  p95Ratio: number;
  maxRatio: number;
}

async function measure(
  c: Child,
  sheet: Buffer,
): Promise<{ idleP95: number; idleSamples: number; actions: Record<string, Figures> }> {
  const admin = c.tokens.admin;
  // warm B's path, then its idle figure
  await sampleB(c, Promise.resolve(), 20);
  const idle = await sampleB(c, Promise.resolve(), 80);
  const idleP95 = p95(idle);
  const actions: Record<string, () => Promise<unknown>> = {
    'download the address book': async () =>
      drain(await post(c, '/addressBook/download', { groupId: BIG_GROUP }, admin)),
    'download the MT records': async () =>
      drain(await post(c, '/mtRecord/download', { prod_type: 0, cus_id: 'EP0001' }, admin)),
    'import members': async () => {
      const groupId = (
        await json(
          await post(c, '/addressBook/addressBookGroupAdd', { groupName: `bench-import-${Date.now()}` }, admin),
        )
      ).data.groupId;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(sheet)]), 'members.xlsx');
      const up = await json(
        await fetch(`${c.origin}${SERVICE_BASE_PATH}/file/uploadAddressBook`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin}` },
          body: form,
        }),
      );
      const out = await json(
        await post(c, '/addressBook/addressBookMemberImport', { groupId, fileId: up.data.fileId }, admin),
      );
      if (out.data.imported !== IMPORT) throw new Error(`import answered ${JSON.stringify(out.data)}`);
    },
    'delete the big group': async () => {
      const before = (await (await fetch(`${c.origin}/bench/purge`)).json()) as { batches: number; idle: number };
      await json(await post(c, '/addressBook/addressBookGroupDel', { groupId: BIG_GROUP }, admin));
      // the answer comes at once: the action lasts until the background purge has tombstoned every member
      for (;;) {
        const now = (await (await fetch(`${c.origin}/bench/purge`)).json()) as { batches: number; idle: number };
        if (now.batches > before.batches && now.idle > before.idle) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    [`send to ${SEND.toLocaleString('en')} numbers`]: async () => {
      const mobiles = Array.from({ length: SEND }, (_, i) => `13${String(i).padStart(9, '0')}`).join('\n');
      const out = await json(
        await post(
          c,
          '/user/groupSend',
          { cus_id: 'EP0001', content: 'Fairness bench: your code is 123456.', mobiles },
          admin,
        ),
      );
      if (out.data?.validCount !== SEND) throw new Error(`send answered ${JSON.stringify(out).slice(0, 300)}`);
    },
  };
  const figures: Record<string, Figures> = {};
  for (const [name, run] of Object.entries(actions)) {
    const t0 = performance.now();
    const action = run();
    const samples = await sampleB(
      c,
      action.catch(() => undefined),
      1,
    );
    await action;
    const ms = performance.now() - t0;
    const f = { ms: Math.round(ms), samples: samples.length, p95: p95(samples), max: Math.max(...samples) };
    figures[name] = { ...f, p95Ratio: f.p95 / idleP95, maxRatio: f.max / idleP95 };
    console.error(
      `[fairness] ${name}: ${f.ms} ms, B p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms (idle p95 ${idleP95.toFixed(1)} ms)`,
    );
  }
  return { idleP95, idleSamples: idle.length, actions: figures };
}

async function runOn(storage: 'pglite' | 'postgres', sheet: Buffer) {
  const cluster = storage === 'postgres' ? await startPgCluster() : null;
  try {
    const url = cluster ? await createDatabase(cluster.url(), `fairness_${Date.now()}`) : undefined;
    const child = await startChild(url);
    try {
      console.error(
        `[fairness] ${storage}: seeded ${MEMBERS.toLocaleString('en')} members and ${RECORDS.toLocaleString('en')} records in ${(child.seedMs / 1000).toFixed(1)} s`,
      );
      const load = [loadavg()[0]];
      const figures = await measure(child, sheet);
      load.push(loadavg()[0]);
      return { seedMs: child.seedMs, load, ...figures };
    } finally {
      await stopChild(child);
    }
  } finally {
    await cluster?.stop();
  }
}

const ms1 = (v: number) => v.toFixed(1);

async function main() {
  const sheet = await importSheet(IMPORT);
  const storages = storageArg === 'both' ? (['pglite', 'postgres'] as const) : [storageArg as 'pglite' | 'postgres'];
  const results: Record<string, Awaited<ReturnType<typeof runOn>>> = {};
  for (const s of storages) results[s] = await runOn(s, sheet);
  const at = new Date().toISOString();
  const command = `npx tsx bench/fairness.bench.ts --members ${MEMBERS} --records ${RECORDS} --import ${IMPORT} --send ${SEND}${storageArg === 'both' ? '' : ` --storage ${storageArg}`}`;
  const lines = [
    '<!-- bench:fairness:begin -->',
    `Measured ${at} with \`${command}\` (2 shared cores; the platform in its own process).`,
    '',
  ];
  lines.push(
    `Tenant A holds one address-book group of ${MEMBERS.toLocaleString('en')} members and ${RECORDS.toLocaleString('en')} MT records; tenant B (the agent account) calls its MT record list (page 1 of 20) back to back, 25 ms apart, while A runs each action alone. Ratios are over B's idle p95 (target < 2x).`,
    '',
  );
  for (const [storage, r] of Object.entries(results)) {
    lines.push(
      `**${storage}**: seeded in ${(r.seedMs / 1000).toFixed(1)} s; B idle p95 ${ms1(r.idleP95)} ms (${r.idleSamples} calls); machine load average ${r.load.map((l) => l.toFixed(1)).join(' → ')} on 2 cores.`,
      '',
    );
    lines.push(
      "| A's action | its time | B's calls | B p95 ms | B max ms | p95 / idle p95 | max / idle p95 |",
      '|---|---|---|---|---|---|---|',
    );
    for (const [name, f] of Object.entries(r.actions)) {
      lines.push(
        `| ${name} | ${(f.ms / 1000).toFixed(1)} s | ${f.samples} | ${ms1(f.p95)} | ${ms1(f.max)} | ${f.p95Ratio.toFixed(2)}x | ${f.maxRatio.toFixed(2)}x |`,
      );
    }
    lines.push('');
  }
  lines.push('<!-- bench:fairness:end -->');
  const file = `${ROOT}/BENCHMARKS.md`;
  let md = readFileSync(file, 'utf8');
  const section = lines.join('\n');
  md = md.includes('<!-- bench:fairness:begin -->')
    ? md.replace(/<!-- bench:fairness:begin -->[\s\S]*?<!-- bench:fairness:end -->/, section)
    : `${md.trimEnd()}\n\n## Fairness between tenants\n\n${section}\n`;
  writeFileSync(file, md);
  console.log(
    JSON.stringify(
      { bench: 'fairness', at, members: MEMBERS, records: RECORDS, import: IMPORT, send: SEND, results },
      null,
      2,
    ),
  );
}

(process.argv.includes('--serve') ? serve() : main()).then(
  () => {
    if (!process.argv.includes('--serve')) process.exit(0);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
