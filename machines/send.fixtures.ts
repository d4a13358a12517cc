import { createActor, fromPromise } from 'xstate';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import type { EventDoc } from '../sync/store/local-db';
import type { SendDraft, SendKind } from './send-kinds';
import type { SendCommand } from './send-form';
import { sendMachine } from './send.machine';

/** The send machine's tests share one clock, one price list and one prepaid account. */
export const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
export const PRICES: PriceRow[] = [
  { cus_id: 'EP0001', prod_type: 0, country_code: '', country_name: '', price: 0.05 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'US', country_name: '美国', price: 0.35 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'GB', country_name: '英国', price: 0.4 },
  { cus_id: 'EP0001', prod_type: 2, country_code: '', country_name: '', price: 0.3 },
  { cus_id: 'EP0001', prod_type: 6, country_code: '', country_name: '', price: 0.1 },
];
export const ACCOUNT: SendAccount = { cus_id: 'EP0001', time_zone: 'Asia/Shanghai', pay_type: 0, balance: 100 };
export const FIVE = '13900000001\n13900000002，13900000003 12345\n13900000001';

export type Outcome = Pick<EventDoc, 'status' | 'last_error' | 'result'>;

export function start(kind: SendKind, opts: { online?: boolean; account?: SendAccount; outcome?: Outcome } = {}) {
  const recorded: SendCommand[] = [];
  const balances: number[] = [];
  const reports: Array<{ severity: string; summary: string; detail?: string }> = [];
  let settle: () => void = () => {};
  const settled = new Promise<void>((r) => (settle = r));
  const outcome: Outcome = opts.outcome ?? {
    status: 'acked',
    last_error: null,
    result: { batch_id: 'B1', time_batch: null, cost: 0.15 },
  };
  const machine = sendMachine.provide({
    actors: {
      recordSend: fromPromise(async ({ input }: { input: SendCommand }) => {
        recorded.push(input);
        return `ev${recorded.length}`;
      }),
      awaitOutcome: fromPromise(async (): Promise<Outcome> => {
        await settled;
        return outcome;
      }),
    },
    actions: {
      balanceChanged: (_, b: number) => void balances.push(b),
      report: (_, r: { severity: string; summary: string; detail?: string }) => void reports.push(r),
    },
  });
  const actor = createActor(machine, {
    input: {
      kind,
      prices: PRICES,
      account: opts.account ?? ACCOUNT,
      online: opts.online ?? true,
      now: () => NOW,
      linkBase: 'http://h/s/',
    },
  }).start();
  const fill = (patch: Partial<SendDraft>) => actor.send({ type: 'send.update', patch });
  return { actor, recorded, balances, reports, settle, fill };
}
