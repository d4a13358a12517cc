import { configFromEnv } from '../platform/core/config';
import type { Db } from '../platform/db/db';
import { defaultSendPolicy, saveSendPolicy } from '../platform/messaging/send-policy';
import type { Platform } from '../platform/server';
import { callIntegrator } from '../tests/helpers/integrator-client';
import { benchPlatform } from './in-process-platform';
import { TEXT, mobileOf, prepareAccount } from './integrator-smpp';

// What the integrator bench and the policy-cost bench both do to an in-process platform: start it with the bench
// account, send numbers over the signed HTTP API, empty what a phase wrote, and set the bench enterprise's send policy.

export const HTTP_PER_REQUEST = 1000;

/** An in-process platform listening for SMPP and HTTP, the bench account prepared, its carrier (the simulator) taking
 * `simulatorMs` to review and to report. */
export async function startIntegratorPlatform(
  simulatorMs: number,
): Promise<{ platform: Platform; db: Db; origin: string }> {
  const base = configFromEnv({});
  const { platform, db, listen } = await benchPlatform({
    smppPort: 'auto',
    simulator: { ...base.simulator, reviewMs: simulatorMs, reportMs: simulatorMs },
  });
  const origin = await listen();
  await prepareAccount(db);
  return { platform, db, origin };
}

/** Sends `count` numbers from `offset` over /sms/send, HTTP_PER_REQUEST a request, `parallel` requests at a time;
 * answers the numbers accepted and the ms taken. */
export async function httpSend(
  origin: string,
  secret: string,
  parallel: number,
  offset: number,
  count: number,
): Promise<{ accepted: number; ms: number }> {
  const requests: string[][] = [];
  for (let s = 0; s < count; s += HTTP_PER_REQUEST)
    requests.push(Array.from({ length: Math.min(HTTP_PER_REQUEST, count - s) }, (_, i) => mobileOf(offset + s + i)));
  let next = 0;
  let accepted = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (next < requests.length) {
      const numbers = requests[next++];
      const r = await callIntegrator(origin, {
        appId: 'SUB001',
        secret,
        path: '/sms/send',
        body: { text: TEXT, numbers },
      });
      if (r.status !== 200) throw new Error(`/sms/send answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      accepted += (r.body.results as Array<{ accepted: boolean }>).filter((x) => x.accepted).length;
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return { accepted, ms: performance.now() - t0 };
}

/** Empties what a phase wrote: records, batches, counts, charges, door logs and the send policy's counts; then
 * vacuums, as PGlite has no autovacuum: every phase starts on tables of the same size, not on the dead rows of those
 * before it. */
export async function clearPhase(db: Db): Promise<void> {
  await db.exec(
    'delete from mt_records; delete from batches; delete from stat_rows; delete from balance_ledger; delete from smpp_messages; delete from http_messages; delete from smpp_outbox; delete from policy_send_times; delete from policy_send_keys; delete from policy_sends; delete from policy_recent; delete from policy_recent_keys; delete from policy_daily',
  );
  await db.exec('vacuum');
}

/** The bench enterprise's send policy: the demo's (`on`: the duplicate window looks up and records every message), or
 * one that limits nothing (`off`: no cap in any category, no duplicate window, so a send skips its checks). */
export async function setBenchPolicy(db: Db, mode: 'on' | 'off'): Promise<void> {
  const none = { perMinute: 0, perHour: 0, perDay: 0 };
  const demo = defaultSendPolicy();
  const policy =
    mode === 'on'
      ? demo
      : { ...demo, caps: { verification: none, notification: none, marketing: none }, duplicateWindowS: 0 };
  const [{ ep_id }] = await db.query<{ ep_id: string }>("select ep_id from accounts where cus_id = 'SUB001'");
  await saveSendPolicy(db, ep_id, policy, 'bench');
}
