import { describe, expect, it } from 'vitest';
import type { EventDoc } from '../../sync/store/local-db';
import type { BellNotice } from '../../sync/commands/notice-reads';
import { EN } from '../i18n/en';
import { ZH } from '../i18n/zh';
import { fill, noticesOf, noticeText, type NoticeSources } from './notices';

const NOW = Date.UTC(2026, 10, 25, 3, 0, 0);
const t = (key: string, p: Record<string, unknown> = {}) => `${key}${JSON.stringify(p)}`;
const patternIn = (tree: Record<string, unknown>) => (key: string) =>
  String(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], tree) ?? key);
const base: NoticeSources = { lang: 'zh', t, pattern: patternIn(ZH), server: [], rejected: [], now: NOW };
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
const server = (id: string, ageMs: number, over: Partial<BellNotice> = {}) =>
  ({
    id,
    cus_id: 'SUB001',
    kind: 'templateRejected',
    params: { templateKind: 'content', templateId: 'CT1', name: '{{reason}} <b>x</b>', reason: '内容含违禁词：博彩' },
    link: '/contentTemplateList',
    created_at: NOW - ageMs,
    read_at: null,
    isUnread: true,
    ...over,
  }) as BellNotice;

describe('the notices of the bell', () => {
  it('words each kind of platform notice in zh and en, every kind with a text', () => {
    const n = server('a', 0);
    expect(noticeText(patternIn(ZH), n)).toBe('内容模板审核未通过：{{reason}} <b>x</b>（内容含违禁词：博彩）');
    expect(noticeText(patternIn(EN), n)).toBe('Content template rejected: {{reason}} <b>x</b> (内容含违禁词：博彩)');
    expect(Object.keys(EN.notice.kind).sort()).toEqual(Object.keys(ZH.notice.kind).sort());
  });

  it('fills placeholders once: a value is never read as a placeholder', () => {
    expect(fill('{{a}}-{{b}}', { a: '{{b}}', b: 2 })).toBe('{{b}}-2');
    expect(fill('{{missing}}!', {})).toBe('!');
  });

  it('lists platform notices and refusals of the last day, newest first, at most 10 refusals', () => {
    const list = noticesOf({
      ...base,
      server: [server('s', 500, { isUnread: false })],
      rejected: [rejected('b', 1000), rejected('a', 2 * 24 * 3600_000)],
    });
    expect(list.map((n) => [n.id, n.unread, n.severity, n.path])).toEqual([
      ['s', false, 'error', '/contentTemplateList'],
      ['rejected:b', true, 'error', '/activity'],
    ]);
    expect(list[1].text).toBe('top.noticeRejected{"command":"新增分组","target":"分组 VIP","reason":"分组名称已存在"}');
    const many = Array.from({ length: 15 }, (_, i) => rejected(`e${i}`, i * 1000));
    expect(noticesOf({ ...base, rejected: many })).toHaveLength(10);
  });
});
