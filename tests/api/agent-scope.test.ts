import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import { leavesOf, sampleOf, withValueAt } from '../../contract/schema-walk';
import { notifyLibrary } from '../../platform/library/notify';
import { contractEndpoints } from '../helpers/contract-endpoints';
import { DB_KINDS, platformFor, type TestPlatform } from '../helpers/platform';
import { MARK, SUB, SUB_IDS, seedSubAccountObjects, subSecrets, subValueFor } from './agent-scope.fixtures';
import { readXlsx } from './library.fixtures';

// One rule for what an agent (userType 2) reaches of the sub-accounts it created (platform/auth/scope.ts): the
// accounts themselves (list, detail, open, close, charge, recharge records, balance warnings) yes; their data (records,
// conversations, templates, address book, files, short links, number checks, callbacks, prices, chatbots, feeds) no,
// not to read, not to change, not to send in their name. Every contract endpoint is walked as the agent with SUB003's
// object ids in every field that names one, so a new endpoint is held to the rule without editing this file.

const endpoints = await contractEndpoints();
/** The account-management area: the agent is allowed these on its sub-account. */
const ACCOUNT_AREA = /^\/(customer|recharge|warn)\//;
/** Reads that, for the admin (userType 1, whose data area is its whole enterprise), show each kind of SUB003's objects:
 * they prove the walk's ids address real objects, so the agent's empty answers mean refusal, not a wrong id. */
const CONTROL_READS = [
  '/addressBook/addressBookGroupDetail',
  '/addressBook/addressBookMemberDetail',
  '/addressBook/list',
  '/aim/materialList',
  '/callback/list',
  '/contentTemplate/list',
  '/cspTemplate/getCspTemplateByGateTemplateId',
  '/cspTemplate/list',
  '/file/material',
  '/interact/list',
  '/interact/messageInteractList',
  '/mobileStatus/list',
  '/moRecord/list',
  '/mtRecord/list',
  '/pageTimeBatch/list',
  '/shortChainTool/list',
  '/shortChainTool/shortToLong',
  '/user/getChatbotList',
  '/videoTemplate/getVideoTemplateByGateTemplateId',
  '/videoTemplate/list',
];

interface Answer {
  status: number;
  type: number | null;
  text: string;
}

/** The request the walk sends: the contract's sample without the optional fields (a sample filter could hide rows and
 * make an empty answer prove nothing), with every field that names an account or object set to SUB003's. */
function bodyFor(e: Endpoint, fileId: string, base: string): unknown {
  let body: unknown = sampleOf(e.request) ?? {};
  if (Array.isArray(body)) return body;
  const shape = (
    e.request as unknown as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> }
  ).shape;
  if (shape && body && typeof body === 'object') {
    body = Object.fromEntries(
      Object.entries(body as Record<string, unknown>).filter(
        ([k]) => !shape[k] || !shape[k].safeParse(undefined).success,
      ),
    );
  }
  const fields = new Set(
    leavesOf(e.request)
      .map((l) => l.path.replace(/\[\]$/, ''))
      .filter((f) => f && !f.includes('.') && !f.includes('[')),
  );
  for (const f of fields) {
    const v = subValueFor(e.path, f, fileId, base);
    if (v !== undefined) body = withValueAt(body, f, v);
  }
  return body;
}

async function send(p: TestPlatform, e: Endpoint, body: unknown, token: string): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': 'en', Authorization: `Bearer ${token}` };
  let url = p.base + e.path;
  let payload: string | undefined;
  if (e.method === 'GET' || e.method === 'DELETE') {
    const q = new URLSearchParams();
    if (body && typeof body === 'object' && !Array.isArray(body))
      for (const [k, v] of Object.entries(body)) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    url += `?${q}`;
  } else {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method: e.method, headers, body: payload });
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? '';
  let text = bytes.toString('latin1');
  if (contentType.includes('spreadsheetml')) text = (await readXlsx(bytes)).flat().join('\n');
  else if (contentType.includes('json')) text = bytes.toString('utf8');
  let type: number | null = null;
  try {
    type = (JSON.parse(text) as { type?: number }).type ?? null;
  } catch {
    /* a file */
  }
  return { status: res.status, type, text };
}

/** Every data-area row of SUB003, as text: a change made through any endpoint shows here. The account area's own
 * rows are left out, and so are the notices the platform writes to the account when its manager acts on it (a charge
 * tells the account it was recharged): they are the account area's doing, not a reach into the account's data. */
async function subDataRows(p: TestPlatform): Promise<Record<string, string>> {
  const tables = await p.ctx.db.query<{ table_name: string }>(
    `select table_name from information_schema.columns where column_name = 'cus_id' and table_schema = current_schema()
        and table_name not in ('accounts', 'users', 'balance_ledger', 'balance_warnings', 'balance_warning_events', 'account_products', 'prices', 'notices')
      order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: t } of tables) {
    const [row] = await p.ctx.db.query<{ rows: string | null }>(
      `select string_agg(x::text, '|' order by x::text) as rows from ${t} x where x.cus_id = $1`,
      [SUB],
    );
    out[t] = row?.rows ?? '';
  }
  return out;
}

describe.each(DB_KINDS)('an agent and its sub-accounts on %s', (kind) => {
  const p = platformFor(kind);
  let admin = '';
  let agent = '';
  /** more sessions of the agent, logged in before the walk (whose wrong passwords then ask the agent for a captcha) */
  let agentAgain: string[] = [];
  let fileId = '';
  beforeAll(async () => {
    [admin, agent, ...agentAgain] = await Promise.all([
      p.login('admin'),
      p.login('agent'),
      p.login('agent'),
      p.login('agent'),
    ]);
    ({ fileId } = await seedSubAccountObjects(p, admin));
  });

  it(`reach the sub-account's data through no endpoint and manage the account through every account endpoint (${kind})`, async () => {
    const secrets = [...subSecrets(fileId), SUB];
    const before = await subDataRows(p);
    const leaks: string[] = [];
    const refusedAccountCalls: string[] = [];
    let walked = 0;
    // logout last: it ends the session the walk runs on
    const ordered = [
      ...endpoints.filter((e) => e.path !== '/user/logout'),
      ...endpoints.filter((e) => e.path === '/user/logout'),
    ];
    for (const e of ordered) {
      if (e.kind === 'sse' || e.kind === 'multipart') continue; // the stream below; uploads name no account (always the caller's)
      const body = bodyFor(e, fileId, p.base);
      const a = await send(p, e, body, agent);
      walked++;
      expect(a.status, `${e.path}: ${a.text.slice(0, 300)}`).toBeLessThan(500);
      if (ACCOUNT_AREA.test(e.path)) {
        // customerAdd names a new account, not SUB003
        const targeted =
          e.path !== '/customer/customerAdd' &&
          (JSON.stringify(body).includes(SUB) || /\/(list|chargeDetail)$/.test(e.path));
        if (targeted && (a.status !== 200 || a.type !== 0))
          refusedAccountCalls.push(`${e.path} ${a.status} ${a.text.slice(0, 200)}`);
        continue;
      }
      const seen = secrets.filter((s) => a.text.includes(s));
      if (seen.length) leaks.push(`${e.path} (${a.status}) shows ${seen.join(', ')}`);
    }
    expect(walked).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
    expect(await subDataRows(p)).toEqual(before);
    expect(refusedAccountCalls).toEqual([]);
    // the account area did reach SUB003: the list showed it and the walk's close, open and charge went through
    const [acct] = await p.ctx.db.query<{ status: number }>('select status from accounts where cus_id = $1', [SUB]);
    expect(Number(acct.status)).toBe(1);
    expect(
      (await p.ctx.db.query(`select 1 from balance_ledger where cus_id = $1 and ref <> 'seed'`, [SUB])).length,
    ).toBeGreaterThan(0);
  });

  it(`address real objects: the admin (userType 1) sees each of them through the same requests (${kind})`, async () => {
    const missed: string[] = [];
    for (const path of CONTROL_READS) {
      const e = endpoints.find((x) => x.path === path)!;
      const a = await send(p, e, bodyFor(e, fileId, p.base), admin);
      const expected =
        path === '/file/material'
          ? 'PNG'
          : path === '/shortChainTool/shortToLong' || path === '/callback/list'
            ? 'example.com'
            : MARK;
      if (!a.text.includes(expected)) missed.push(`${path} ${a.status} ${a.text.slice(0, 200)}`);
    }
    expect(missed).toEqual([]);
  });

  it(`refuse the agent deleting a sub-account's video template, as its content template, and let the admin (${kind})`, async () => {
    const agentToken = agentAgain[0];
    const video = await p.call(
      '/videoTemplate/templateDel',
      { cus_template_id: SUB_IDS.videoTemplate },
      { token: agentToken, lang: 'en' },
    );
    const content = await p.call(
      '/contentTemplate/contentTemplateDelete',
      { template_id: SUB_IDS.contentTemplate },
      { token: agentToken, lang: 'en' },
    );
    expect(video).toMatchObject({ status: 400, body: { type: 400 } });
    expect(content).toMatchObject({ status: 400, body: { type: 400, message: video.body.message } });
    const status = async () =>
      Number(
        (
          await p.ctx.db.query<{ status: number }>('select status from video_templates where cus_template_id = $1', [
            SUB_IDS.videoTemplate,
          ])
        )[0].status,
      );
    expect(await status()).toBe(2);
    expect(
      (await p.call('/videoTemplate/templateDel', { cus_template_id: SUB_IDS.videoTemplate }, { token: admin })).status,
    ).toBe(200);
    expect(await status()).toBe(4);
  });

  it(`send the agent's stream no notice of a sub-account's change (${kind})`, async () => {
    const agentToken = agentAgain[1];
    const { ticket } = (await p.call('/changes/ticket', {}, { token: agentToken })).body.data;
    const ctrl = new AbortController();
    const res = await fetch(`${p.base}/changes/stream?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);
    // the sub-account's change is announced first; the first notice the agent hears must be its own
    await notifyLibrary(p.ctx.db, 'contentTemplate', [SUB]);
    await notifyLibrary(p.ctx.db, 'addressGroup', ['AGT001']);
    while (!text.includes('event: changed')) text += decoder.decode((await reader.read()).value);
    ctrl.abort();
    const first = /event: changed\ndata: (.*)\n/.exec(text)![1];
    expect(JSON.parse(first).resource).toBe('addressGroup');
  });
});
