import { writeLedger } from '../accounts/ledger';
import { PROVIDER_CUS_ID } from '../auth/operator-role';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../core/context';

// The demo enterprise of README "Set up": accounts, products, chatbots, prices and the logins admin, agent and user,
// and the provider's platform operator (password demo1234 each). Safe on every start and from several instances at
// once: one advisory lock, and every insert is `on conflict do nothing`, so existing rows (and anything users changed)
// stay as they are.
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_EP_ID = 'EP0001';

// cus_id, name, parent, status (0 closed, 1 open), pay_type (0 prepaid, 1 postpaid), balance, ext_number, products
const ACCOUNTS: Array<[string, string, string | null, number, number, number, string, number[]]> = [
  ['EP0001', '演示企业', null, 1, 0, 100000, '8001', [0, 1, 2, 6]],
  ['AGT001', '演示代理商', 'EP0001', 1, 0, 20000, '8002', [0, 1, 2, 6]],
  ['SUB001', '演示子账号一', 'EP0001', 1, 0, 5000, '8003', [0, 2]],
  ['SUB002', '演示子账号二（后付费）', 'EP0001', 1, 1, 0, '8004', [0, 1, 6]],
  ['SUB003', '代理商客户一', 'AGT001', 1, 0, 1000, '8005', [0, 1]],
  ['SUB004', '已关闭子账号', 'EP0001', 0, 0, 50, '8006', [0]],
];

const CHATBOTS: Array<[string, string, string]> = [
  ['CB0001', 'EP0001', '演示企业客服'],
  ['CB0002', 'EP0001', '演示营销助手'],
  ['CB0101', 'AGT001', '代理商服务号'],
  ['CB0201', 'SUB002', '子账号二会员中心'],
];

// International unit prices (yuan per segment) by country.
const COUNTRIES: Array<[string, string, number]> = [
  ['US', '美国', 0.35],
  ['GB', '英国', 0.4],
  ['JP', '日本', 0.45],
  ['KR', '韩国', 0.38],
  ['SG', '新加坡', 0.28],
  ['MY', '马来西亚', 0.22],
  ['TH', '泰国', 0.2],
  ['VN', '越南', 0.25],
  ['ID', '印度尼西亚', 0.3],
  ['PH', '菲律宾', 0.18],
  ['AU', '澳大利亚', 0.42],
  ['DE', '德国', 0.55],
];
const FLAT_PRICES: Array<[number, number]> = [
  [0, 0.05], // domestic, per segment
  [2, 0.3], // video
  [6, 0.1], // CSP
];

interface DemoLogin {
  username: string;
  cus_id: string;
  name: string;
  mobile: string;
  user_type: number;
  roles: string[];
  permissions: string[];
  show_client_status: number;
  show_content_filter_where: number;
  more_type: number;
}
const LOGINS: DemoLogin[] = [
  {
    username: 'admin',
    cus_id: 'EP0001',
    name: '演示管理员',
    mobile: '13800000001',
    user_type: 1,
    roles: ['admin'],
    permissions: ['inteMtRecordListPriceShow'],
    show_client_status: 1,
    show_content_filter_where: 1,
    more_type: 1,
  },
  {
    username: 'agent',
    cus_id: 'AGT001',
    name: '演示代理商',
    mobile: '13800000002',
    user_type: 2,
    roles: ['agent'],
    permissions: [],
    show_client_status: 1,
    show_content_filter_where: 1,
    more_type: 2,
  },
  {
    username: 'user',
    cus_id: 'SUB001',
    name: '演示子账号',
    mobile: '13800000003',
    user_type: 3,
    roles: ['user'],
    permissions: [],
    show_client_status: 0,
    show_content_filter_where: 0,
    more_type: 0,
  },
  {
    username: 'operator',
    cus_id: PROVIDER_CUS_ID,
    name: '平台运营',
    mobile: '13800000009',
    user_type: 3,
    roles: ['operator'],
    permissions: [],
    show_client_status: 1,
    show_content_filter_where: 0,
    more_type: 0,
  },
];

export async function seedDemoTenant(ctx: AppContext): Promise<void> {
  const existing = new Set(
    (
      await ctx.db.query<{ username: string }>('select username from users where username = any($1::text[])', [
        LOGINS.map((l) => l.username),
      ])
    ).map((r) => r.username),
  );
  // scrypt is slow on purpose: hash only for logins still missing.
  const missing = await Promise.all(
    LOGINS.filter((l) => !existing.has(l.username)).map(async (l) => ({
      ...l,
      hash: await hashPassword(DEMO_PASSWORD),
    })),
  );
  const created = await ctx.db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(727002)');
    // Parents first: ACCOUNTS lists them before their children.
    for (const [cusId, name, parent, status, payType, balance, ext] of ACCOUNTS) {
      const inserted = await q.query(
        `insert into accounts(cus_id, cus_name, ep_id, parent_id, status, pay_type, balance, ext_number)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning cus_id`,
        [cusId, name, DEMO_EP_ID, parent, status, payType, balance, ext],
      );
      // the opening balance is a recharge in the ledger, so every balance equals the sum of its ledger; its remark is
      // empty, as a remark is what whoever charged typed (shown as it is, in any language)
      if (inserted.length > 0 && balance !== 0) {
        await writeLedger(q, [
          { cus_id: cusId, amount: balance, kind: 'recharge', ref: 'seed', pre: 0, post: balance },
        ]);
      }
    }
    await q.query(
      `insert into accounts(cus_id, cus_name, ep_id, parent_id, status, pay_type, balance, ext_number)
       values ($1, '平台运营', $1, null, 1, 0, 0, null) on conflict do nothing`,
      [PROVIDER_CUS_ID],
    );
    await q.query(
      `insert into account_products(cus_id, prod_type)
       select a->>0, (p)::smallint from jsonb_array_elements($1::jsonb) a, jsonb_array_elements_text(a->1) p on conflict do nothing`,
      [JSON.stringify(ACCOUNTS.map((a) => [a[0], a[7]]))],
    );
    await q.query(
      `insert into chatbots(chatbot_id, cus_id, name) select c->>0, c->>1, c->>2 from jsonb_array_elements($1::jsonb) c on conflict do nothing`,
      [JSON.stringify(CHATBOTS)],
    );
    // Every demo account gets the same price list; grants decide what it may actually send.
    const prices = [
      ...FLAT_PRICES.map(([prod, price]) => [prod, '', '', price]),
      ...COUNTRIES.map(([code, name, price]) => [1, code, name, price]),
    ];
    await q.query(
      `insert into prices(cus_id, prod_type, country_code, country_name, price)
       select a, (p->>0)::smallint, p->>1, p->>2, (p->>3)::numeric from unnest($1::text[]) a, jsonb_array_elements($2::jsonb) p on conflict do nothing`,
      [ACCOUNTS.map((a) => a[0]), JSON.stringify(prices)],
    );
    let n = 0;
    for (const l of missing) {
      const rows = await q.query(
        `insert into users(username, password_hash, cus_id, name, mobile, user_type, roles, permissions, show_client_status,
                           show_content_filter_where, more_type)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing returning id`,
        [
          l.username,
          l.hash,
          l.cus_id,
          l.name,
          l.mobile,
          l.user_type,
          l.roles,
          l.permissions,
          l.show_client_status,
          l.show_content_filter_where,
          l.more_type,
        ],
      );
      n += rows.length;
    }
    return n;
  });
  if (created > 0) ctx.log.info({ created }, 'demo tenant seeded');
}
