import type { Queryable } from '../../platform/db/db';

// A small, fully known set of records for the read-side tests: times relative to `now`, final statuses only
// (next_at null), so the carrier simulator leaves them alone.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface MtFixture {
  sn: string;
  prod_type: number;
  cus_id: string;
  batch_id: string;
  mobile: string;
  content: string;
  mt_status: number;
  hoursAgo: number;
  country_code?: string;
  country_name?: string;
  title?: string;
}

export const MT: MtFixture[] = [
  {
    sn: 'T-EP-1',
    prod_type: 0,
    cus_id: 'EP0001',
    batch_id: 'TB-EP',
    mobile: '13811110001',
    content: '您的验证码为 1234',
    mt_status: 0,
    hoursAgo: 1,
  },
  {
    sn: 'T-EP-2',
    prod_type: 0,
    cus_id: 'EP0001',
    batch_id: 'TB-EP',
    mobile: '13811110002',
    content: '您的验证码为 5678',
    mt_status: 0,
    hoursAgo: 2,
  },
  {
    sn: 'T-EP-3',
    prod_type: 0,
    cus_id: 'EP0001',
    batch_id: 'TB-EP',
    mobile: '13922220003',
    content: '=HYPERLINK("http://evil") 点击',
    mt_status: 700,
    hoursAgo: 3,
  },
  {
    sn: 'T-EP-4',
    prod_type: 0,
    cus_id: 'EP0001',
    batch_id: 'TB-EP',
    mobile: '13922220004',
    content: '+cmd|calc 活动通知',
    mt_status: 600,
    hoursAgo: 30,
  },
  {
    sn: 'T-EP-5',
    prod_type: 0,
    cus_id: 'EP0001',
    batch_id: 'TB-EP',
    mobile: '13733330005',
    content: '@SUM(A1) 账单提醒',
    mt_status: 0,
    hoursAgo: 24 * 40,
  },
  {
    sn: 'T-SUB1-1',
    prod_type: 0,
    cus_id: 'SUB001',
    batch_id: 'TB-SUB1',
    mobile: '13811119001',
    content: '子账号验证码 1111',
    mt_status: 0,
    hoursAgo: 4,
  },
  {
    sn: 'T-SUB1-2',
    prod_type: 0,
    cus_id: 'SUB001',
    batch_id: 'TB-SUB1',
    mobile: '13811119002',
    content: '子账号通知',
    mt_status: 700,
    hoursAgo: 5,
  },
  {
    sn: 'T-AGT-1',
    prod_type: 0,
    cus_id: 'AGT001',
    batch_id: 'TB-AGT',
    mobile: '13600000001',
    content: '代理商通知',
    mt_status: 0,
    hoursAgo: 6,
  },
  {
    sn: 'T-SUB3-1',
    prod_type: 0,
    cus_id: 'SUB003',
    batch_id: 'TB-SUB3',
    mobile: '13600000002',
    content: '代理商客户通知',
    mt_status: 0,
    hoursAgo: 7,
  },
  {
    sn: 'T-EP-I1',
    prod_type: 1,
    cus_id: 'EP0001',
    batch_id: 'TB-EPI',
    mobile: '14155550001',
    content: 'Your code is 1234',
    mt_status: 0,
    hoursAgo: 8,
    country_code: 'US',
    country_name: '美国',
  },
  {
    sn: 'T-EP-V1',
    prod_type: 2,
    cus_id: 'EP0001',
    batch_id: 'TB-EPV',
    mobile: '13811112001',
    content: '视频短信',
    mt_status: 0,
    hoursAgo: 9,
    title: '新品发布会',
  },
  {
    sn: 'T-SUB1-V1',
    prod_type: 2,
    cus_id: 'SUB001',
    batch_id: 'TB-SUB1V',
    mobile: '13811112002',
    content: '视频短信',
    mt_status: 0,
    hoursAgo: 9,
    title: '年终盛典',
  },
  {
    sn: 'T-EP-C1',
    prod_type: 6,
    cus_id: 'EP0001',
    batch_id: 'TB-EPC',
    mobile: '13811113001',
    content: '卡片消息',
    mt_status: 700,
    hoursAgo: 10,
    title: '订单通知卡片',
  },
];

const monthOf = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' })
    .format(d)
    .replace('-', '');

export const timeOf = (now: Date, hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

export async function insertFixtures(q: Queryable, now: Date): Promise<void> {
  for (const m of MT) {
    const at = timeOf(now, m.hoursAgo);
    await q.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, report_result, receive_time, month, segments, price,
                               country_code, country_name, title)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, 0.05, $11, $12, $13)`,
      [
        m.sn,
        m.prod_type,
        m.cus_id,
        m.batch_id,
        m.mobile,
        m.content,
        m.mt_status,
        m.mt_status === 0 ? '0' : 'UNDELIV',
        at,
        monthOf(at),
        m.country_code ?? null,
        m.country_name ?? null,
        m.title ?? null,
      ],
    );
  }
  const batches: Array<[string, number, string, number, number, number, number, number, number]> = [
    // id, prod, cus, receive, sent, success, failure, unknown, hoursAgo
    ['TB-EP', 0, 'EP0001', 5, 5, 3, 1, 1, 1],
    ['TB-SUB1', 0, 'SUB001', 4, 2, 1, 1, 0, 4],
    ['TB-AGT', 0, 'AGT001', 1, 3, 1, 0, 0, 6],
    ['TB-SUB3', 0, 'SUB003', 1, 1, 1, 0, 0, 7],
  ];
  for (const [id, prod, cus, r, s, ok, ko, unk, h] of batches) {
    await q.query(
      `insert into batches (batch_id, prod_type, batch_type, cus_id, content, create_time, receive_count, sent_count, success_count, failure_count, unknown_count)
       values ($1, $2, 1, $3, '批次内容', $4, $5, $6, $7, $8, $9)`,
      [id, prod, cus, timeOf(now, h), r, s, ok, ko, unk],
    );
  }
  const mo: Array<[string, string, string, string, string, number]> = [
    ['TR-EP-1', 'EP0001', '13811110001', '好的', 'TB-EP', 0.5],
    ['TR-EP-2', 'EP0001', '13811110002', 'TD', 'TB-EP', 1.5],
    ['TR-SUB1-1', 'SUB001', '13811119001', '收到', 'TB-SUB1', 3.5],
  ];
  for (const [sn, cus, mobile, content, batch, h] of mo) {
    await q.query(
      `insert into mo_records (sn, cus_id, src_calling_number, mobile, content, whole_content, deliver_time, batch_id)
       values ($1, $2, '1068001', $3, $4, '原短信', $5, $6)`,
      [sn, cus, mobile, content, timeOf(now, h), batch],
    );
  }
  const timed: Array<[string, string, number]> = [
    ['TT-EP-1', 'EP0001', 0],
    ['TT-EP-2', 'EP0001', 2],
    ['TT-SUB1-1', 'SUB001', 0],
  ];
  for (const [id, cus, status] of timed) {
    await q.query(
      `insert into time_batches (time_batch, cus_id, prod_type, batch_type, send_status, timing_time, create_time, content, batch_count)
       values ($1, $2, 0, 0, $3, $4, $5, '定时内容', 2)`,
      [id, cus, status, new Date(now.getTime() + DAY), timeOf(now, 1)],
    );
    for (const i of [1, 2]) {
      await q.query(
        `insert into time_mt_messages (sn, time_batch, cus_id, mobile, send_status, timing_time, create_time) values ($1, $2, $3, $4, $5, $6, $7)`,
        [`${id}-${i}`, id, cus, `1390000000${i}`, status, new Date(now.getTime() + DAY), timeOf(now, 1)],
      );
    }
  }
}

/** MT fixtures matching a predicate, newest first (the lists' order). */
export const expectedSns = (pred: (m: MtFixture) => boolean) =>
  MT.filter(pred)
    .sort((a, b) => a.hoursAgo - b.hoursAgo || (a.sn < b.sn ? 1 : -1))
    .map((m) => m.sn);
