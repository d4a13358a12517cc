import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import { leavesOf, sampleOf, withValueAt } from '../../contract/schema-walk';
import { hostileWorkbooks } from '../helpers/hostile-sheets';
import { contractEndpoints } from '../helpers/contract-endpoints';
import { DB_KINDS } from '../helpers/platform';
import { startPlatformProcess, type PlatformProcess } from '../helpers/platform-process';
import { createDatabase } from '../helpers/postgres';

// Generated from the contract: every endpoint, every field of its request schema, each sent the values a careless or
// hostile client sends, as a sub-account and with no token, on both storages. Nothing may answer 5xx, and the platform
// process must still be alive after each endpoint. A new endpoint is covered without editing this file.
const endpoints = await contractEndpoints();

/** 3,000 random CJK characters. */
const cjk = () =>
  String.fromCharCode(...Array.from({ length: 3000 }, () => 0x4e00 + Math.floor(Math.random() * 0x5000)));
const BAD_VALUES: Array<[string, () => unknown]> = [
  ['NUL', () => 'a\u0000b'],
  ['lone surrogate', () => 'a\uD800b'],
  ['3000 CJK', cjk],
  ['2^31', () => 2 ** 31],
  ['9e15', () => 9e15],
  ['-1', () => -1],
  ['1e308', () => 1e308],
  ['object', () => ({ nested: { x: 1 } })],
  ['array', () => [1, 'a']],
  ['boolean', () => true],
];

/** requests each endpoint's cases keep in flight at once. */
const IN_FLIGHT = 6;

interface Finding {
  path: string;
  field: string;
  value: string;
  caller: string;
  status: number;
  message: string;
}

describe.each(DB_KINDS)('contract fuzz on %s', (kind) => {
  let plat: PlatformProcess;
  let userToken = '';
  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (kind === 'postgres') {
      const url = inject('pgUrl');
      if (!url) throw new Error('PostgreSQL is not available on this machine');
      env.DATABASE_URL = await createDatabase(url, `fuzz_${process.pid}_${Date.now()}`);
    }
    plat = await startPlatformProcess(env);
    const r = await fetch(`${plat.base}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'user',
        password: Buffer.from('demo1234').toString('base64'),
        code: '',
        redomStr: '',
      }),
    });
    userToken = ((await r.json()) as { data: { token: string } }).data.token;
    expect(userToken).toBeTruthy();
  }, 180_000);
  afterAll(async () => plat?.stop());

  async function send(e: Endpoint, body: unknown, token: string | null): Promise<{ status: number; message: string }> {
    const headers: Record<string, string> = { 'Accept-Language': 'zh' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let url = plat.base + e.path;
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
    const ctrl = new AbortController();
    try {
      const res = await fetch(url, { method: e.method, headers, body: payload, signal: ctrl.signal });
      // a stream or a file is read only far enough to know it started
      const text = e.kind === 'sse' ? '' : await res.text();
      let message = '';
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? '';
      } catch {
        /* a file */
      }
      return { status: res.status, message };
    } finally {
      ctrl.abort();
    }
  }

  it('answers every bad value of every field of every endpoint below 500, and stays up', async () => {
    const findings: Finding[] = [];
    let requests = 0;
    for (const e of endpoints) {
      const base = sampleOf(e.request) ?? {};
      const fields = [
        ...new Set(
          leavesOf(e.request)
            .map((l) => l.path)
            .filter((p) => p && !p.includes('{')),
        ),
      ];
      const cases: Array<[string, string, unknown]> = [
        ['(body)', 'array body', [1]],
        ['(body)', 'string body', 'x\u0000'],
      ];
      for (const f of fields)
        for (const [name, make] of BAD_VALUES) cases.push([f, name, withValueAt(base, f, make())]);
      // without a token, an endpoint that answers a well-formed request 401 decides before it reads a field: the
      // malformed bodies still go to it (they are parsed first), its fields' bad values only to the open endpoints
      const open = (await send(e, base, null)).status !== 401;
      const callers = [['sub-account', userToken] as const, ['no token', null] as const];
      const calls = cases.flatMap(([field, value, body]) =>
        callers
          .filter(([, token]) => token !== null || open || field === '(body)')
          .map(([caller, token]) => ({ field, value, body, caller, token })),
      );
      // a few at a time, as clients do: the platform's answers, not the round trips, are what is under test
      const next = calls.values();
      const lane = async () => {
        for (const c of next) {
          const r = await send(e, c.body, c.token);
          requests++;
          if (r.status >= 500)
            findings.push({
              path: e.path,
              field: c.field,
              value: c.value,
              caller: c.caller,
              status: r.status,
              message: r.message,
            });
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
      expect(plat.exited(), `the platform exited after ${e.path}:\n${plat.output().slice(-2000)}`).toBe(false);
      const alive = await fetch(`${plat.base}/setting/getClientWebSiteBeian`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(alive.status, `not answering after ${e.path}`).toBeLessThan(500);
    }
    expect(requests).toBeGreaterThan(endpoints.length * 20);
    expect(findings).toEqual([]);
  }, 1_200_000);

  // once, on the default storage: a sheet is read and refused before anything of it is stored, by code that does not
  // touch the database (tests/api/sheet-uploads.test.ts takes what is kept and refused on both storages)
  if (kind === 'pglite')
    it('answers hostile spreadsheets on both sheet uploads below 500, and stays up', async () => {
      const files = await hostileWorkbooks();
      const findings: string[] = [];
      for (const [name, bytes] of Object.entries(files)) {
        for (const path of ['/file/upload', '/file/uploadAddressBook']) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(bytes)]), `${name}.xlsx`);
          const res = await fetch(plat.base + path, {
            method: 'POST',
            headers: { Authorization: `Bearer ${userToken}`, 'Accept-Language': 'en' },
            body: form,
          });
          const body = (await res.json()) as { message?: string };
          // a well-formed sheet whose shared-string indexes point nowhere reads as blank cells; every other one is refused
          const fine = name === 'hugeSharedIndex' ? res.status === 200 || res.status === 400 : res.status === 400;
          if (!fine) findings.push(`${name} on ${path}: ${res.status} ${body.message}`);
          expect(plat.exited(), `the platform exited after ${name}:\n${plat.output().slice(-2000)}`).toBe(false);
        }
      }
      const alive = await fetch(`${plat.base}/setting/getClientWebSiteBeian`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(alive.status).toBe(200);
      expect(findings).toEqual([]);
    }, 300_000);
});
