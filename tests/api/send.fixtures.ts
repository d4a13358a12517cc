import { issueToken } from '../../platform/auth/tokens';
import type { Config } from '../../platform/core/config';
import type { TestPlatform } from '../helpers/platform';

// Helpers shared by the send, timed and two-instance suites.

/** A fast, predictable carrier: everything delivered after ~0.1 s. */
export const FAST_SIMULATOR: Config['simulator'] = {
  reviewMs: 100,
  reportMs: 100,
  successRate: 1,
  failureRate: 0,
  replyRate: 0,
};

/** A session for a demo login without the (deliberately slow) password check. */
export async function tokenFor(p: TestPlatform, username: string): Promise<string> {
  const [u] = await p.ctx.db.query<{ id: number }>('select id from users where username = $1', [username]);
  if (!u) throw new Error(`no demo login ${username}`);
  return (await issueToken(p.ctx.db, u.id, p.ctx.now())).token;
}

/** Polls until `ok` holds (the simulator works in the background); fails with the last value after `timeoutMs`. */
export async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function balanceOf(p: TestPlatform, cusId: string): Promise<number> {
  const [a] = await p.ctx.db.query<{ balance: number }>('select balance from accounts where cus_id = $1', [cusId]);
  return Number(a.balance);
}

export async function countRows(p: TestPlatform, sql: string, params: unknown[] = []): Promise<number> {
  const [r] = await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params);
  return Number(r.n);
}

/** A batch's records by final state (0 delivered, 700 failed, 600 unknown), and those still waiting for one. */
export async function outcomesOf(
  p: TestPlatform,
  batchId: string,
): Promise<{ ok: number; ko: number; unk: number; pending: number }> {
  const [mt] = await p.ctx.db.query<{ ok: number; ko: number; unk: number; pending: number }>(
    `select count(*) filter (where mt_status = 0)::int as ok, count(*) filter (where mt_status = 700)::int as ko,
            count(*) filter (where mt_status = 600)::int as unk, count(*) filter (where next_at is not null)::int as pending
       from mt_records where batch_id = $1`,
    [batchId],
  );
  return mt;
}
