import { describe, expect, it } from 'vitest';
import type { EventDoc } from '../../sync/local-db';
import { noticesOf, type NoticeSources } from './notices';

const NOW = Date.UTC(2026, 10, 25, 3, 0, 0);
const t = (key: string, p: Record<string, unknown> = {}) => `${key}${JSON.stringify(p)}`;
const warning = { cus_id: 'EP0001', enabled: true, warnBalance: 100_000, warnMobiles: ['13800000000'], lastWarnTime: null };
const base: NoticeSources = { lang: 'zh', t, balance: 99_885.25, warning, rejected: [], now: NOW };
const rejected = (id: string, ageMs: number) =>
  ({
    id,
    type: 'addressBook.group.add',
    aggregate: 'library:group:new:1',
    payload: { groupName: 'VIP' },
    status: 'rejected',
    last_error: '分组名称已存在',
    created_at: NOW - ageMs,
  }) as unknown as EventDoc;

describe('the notices of the bell', () => {
  it('warns while the balance is below the warning level, in the current balance', () => {
    const [n] = noticesOf(base);
    expect(n).toMatchObject({ id: 'balance-warning', severity: 'warn', path: '/info/setting' });
    expect(n.text).toBe('account.warnNotice{"balance":"99885.25","threshold":"100000.00"}');
    expect(noticesOf({ ...base, balance: 100_000 })).toEqual([]);
    expect(noticesOf({ ...base, warning: { ...warning, enabled: false } })).toEqual([]);
    expect(noticesOf({ ...base, warning: null })).toEqual([]);
  });

  it('lists the commands refused in the last day, in words, newest first, at most 10', () => {
    const list = noticesOf({ ...base, balance: undefined, rejected: [rejected('b', 1000), rejected('a', 2 * 24 * 3600_000)] });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 'rejected:b', severity: 'error', path: '/activity' });
    expect(list[0].text).toBe('top.noticeRejected{"command":"新增分组","target":"分组 VIP","reason":"分组名称已存在"}');
    const many = Array.from({ length: 15 }, (_, i) => rejected(`e${i}`, i * 1000));
    expect(noticesOf({ ...base, balance: undefined, rejected: many })).toHaveLength(10);
  });
});
