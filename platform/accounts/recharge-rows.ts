import type { Queryable } from '../db/db';
import { Where } from '../lists/list-query';
import { KIND_OF_RECHARGE_TYPE, RECHARGE_TYPE_OF } from './ledger';
import { ms, pageQuery } from './list-page';

// Recharge records are the ledger's non-send rows: recharges, refunds and adjustments.

interface LedgerRow {
  id: string;
  cus_id: string;
  cus_name: string;
  created_at: Date;
  amount: string;
  pre_balance: string | null;
  post_balance: string | null;
  kind: keyof typeof RECHARGE_TYPE_OF;
  remark: string;
}

export interface RechargeFilter {
  pageNumber: number;
  pageSize: number;
  recharge_type?: number;
  startTime?: number;
  endTime?: number;
}

async function ledgerPage(q: Queryable, cusIds: string[], f: RechargeFilter) {
  const w = new Where();
  w.add(`l.cus_id = any(${w.bind(cusIds)}::text[])`);
  w.add("l.kind <> 'send'");
  if (f.recharge_type !== undefined) w.add(`l.kind = ${w.bind(KIND_OF_RECHARGE_TYPE[f.recharge_type] ?? 'none')}`);
  if (f.startTime !== undefined) w.add(`l.created_at >= ${w.bind(new Date(f.startTime))}`);
  if (f.endTime !== undefined) w.add(`l.created_at <= ${w.bind(new Date(f.endTime))}`);
  return pageQuery<LedgerRow>(q, {
    from: 'balance_ledger l join accounts a on a.cus_id = l.cus_id',
    select:
      'l.id::text as id, l.cus_id, a.cus_name, l.created_at, l.amount, l.pre_balance, l.post_balance, l.kind, l.remark',
    where: w,
    order: 'l.id desc',
    ...f,
  });
}

const fixed = (v: string | null) => (v === null ? '' : Number(v).toFixed(2));

export async function rechargeRows(q: Queryable, cusIds: string[], f: RechargeFilter) {
  const page = await ledgerPage(q, cusIds, f);
  return {
    total: page.total,
    data: page.rows.map((r) => ({
      id: r.id,
      cus_id: r.cus_id,
      cus_name: r.cus_name,
      create_time: ms(r.created_at) ?? 0,
      recharge_money: Number(r.amount),
      preBalanceStr: fixed(r.pre_balance),
      postBalanceStr: fixed(r.post_balance),
      recharge_type: RECHARGE_TYPE_OF[r.kind] ?? 3,
      remark: r.remark,
    })),
  };
}

export async function epRechargeRows(q: Queryable, cusId: string, f: RechargeFilter) {
  const page = await ledgerPage(q, [cusId], f);
  return {
    total: page.total,
    data: page.rows.map((r) => ({
      id: r.id,
      create_time: ms(r.created_at) ?? 0,
      recharge_amount: Number(r.amount),
      pre_balance: Number(r.pre_balance ?? 0),
      post_balance: Number(r.post_balance ?? 0),
      recharge_type: RECHARGE_TYPE_OF[r.kind] ?? 3,
      remark: r.remark,
    })),
  };
}
