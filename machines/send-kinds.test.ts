import { describe, expect, it } from 'vitest';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import {
  problemParams,
  quoteSend,
  scheduleOf,
  SEND_KINDS,
  sendableAccounts,
  sendProblem,
  sendRequestOf,
  signatureOf,
  type SendDraft,
  type SendKind,
} from './send-kinds';
import { epochOfWallClock, wallClockIn } from '../contract/time-zone';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const PRICES: PriceRow[] = [
  { cus_id: 'EP0001', prod_type: 0, country_code: '', country_name: '', price: 0.05 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'US', country_name: '美国', price: 0.35 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'GB', country_name: '英国', price: 0.4 },
  { cus_id: 'EP0001', prod_type: 2, country_code: '', country_name: '', price: 0.3 },
  { cus_id: 'EP0001', prod_type: 6, country_code: '', country_name: '', price: 0.1 },
];
const ACCOUNT: SendAccount = { cus_id: 'EP0001', time_zone: 'Asia/Shanghai', pay_type: 0, balance: 100 };

describe('send kinds', () => {
  const draft = (patch: Partial<SendDraft>): SendDraft => ({
    cus_id: 'EP0001',
    content: '',
    mobiles: '13900000001',
    scheduled: false,
    timingText: '',
    ...patch,
  });
  const check = { valid: ['13900000001', '13900000002'], invalid: [], repeatCount: 0, countries: {} };

  it('says what a send is for on the kinds that take it, and never on taoke, video or card', () => {
    expect(sendRequestOf(SEND_KINDS.domestic, draft({ content: 'code 1', category: 'verification' }))).toMatchObject({
      category: 'verification',
    });
    expect(sendRequestOf(SEND_KINDS.international, draft({ content: 'sale', category: 'marketing' }))).toMatchObject({
      category: 'marketing',
    });
    expect(sendRequestOf(SEND_KINDS.oneToOne, draft({ contents: [], category: 'marketing' }))).toMatchObject({
      category: 'marketing',
    });
    for (const kind of ['taoke', 'video', 'card'] as const)
      expect(sendRequestOf(SEND_KINDS[kind], draft({ category: 'verification' }))).not.toHaveProperty('category');
    expect(sendRequestOf(SEND_KINDS.domestic, draft({ content: 'x' }))).not.toHaveProperty('category');
  });

  it("builds each kind's request body for its endpoint", () => {
    expect(
      sendRequestOf(SEND_KINDS.card, draft({ chatbot_id: 'CB0001', template_id: 'T1', content: 'fallback' })),
    ).toEqual({
      cus_id: 'EP0001',
      mobiles: '13900000001',
      chatbot_id: 'CB0001',
      template_id: 'T1',
      content: 'fallback',
    });
    expect(sendRequestOf(SEND_KINDS.video, draft({ cus_template_id: 'V1' }))).toEqual({
      cus_id: 'EP0001',
      mobiles: '13900000001',
      cus_template_id: 'V1',
    });
    expect(sendRequestOf(SEND_KINDS.link, draft({ content: 'a {link}', long_link: 'https://x.cn/a' }))).toMatchObject({
      long_link: 'https://x.cn/a',
      content: 'a {link}',
    });
    expect(sendRequestOf(SEND_KINDS.oneToOne, draft({ contents: [{ mobile: '13900000001', content: 'Hi' }] }))).toEqual(
      {
        cus_id: 'EP0001',
        contents: [{ mobile: '13900000001', content: 'Hi' }],
      },
    );
  });

  it('prices one-to-one by each message and reports the largest; video and card per message; link with its short link', () => {
    const long = '长'.repeat(71);
    const q = quoteSend(
      SEND_KINDS.oneToOne,
      draft({
        contents: [
          { mobile: '13900000001', content: 'Hi' },
          { mobile: '13900000002', content: long },
        ],
      }),
      check,
      PRICES,
    );
    expect(q).toMatchObject({ segments: 2, count: 2, cost: 0.15 });
    expect(quoteSend(SEND_KINDS.video, draft({ title: 't', frames: [] }), check, PRICES)).toMatchObject({
      segments: 1,
      cost: 0.6,
    });
    expect(quoteSend(SEND_KINDS.card, draft({ chatbot_id: 'CB' }), check, PRICES)).toMatchObject({ cost: 0.2 });
    // 150 GSM characters + ' ' + an 19-character link: 2 parts
    expect(
      quoteSend(
        SEND_KINDS.link,
        draft({ content: 'a'.repeat(150), long_link: 'https://x.cn' }),
        check,
        PRICES,
        'http://h/s/',
      ),
    ).toMatchObject({
      segments: 2,
    });
  });

  it('finds the signature and shows times in the account zone', () => {
    expect(signatureOf('【演示企业】您好')).toBe('演示企业');
    expect(signatureOf('您好【演示企业】')).toBe('演示企业');
    expect(signatureOf('您好')).toBeNull();
    expect(wallClockIn('Asia/Shanghai', NOW)).toBe('2026-11-22 16:00:00');
    expect(epochOfWallClock('2026-11-22 16:00', 'Asia/Shanghai')).toBe(NOW);
    expect(epochOfWallClock('2026-07-01T12:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 10, 0));
    expect(epochOfWallClock('soon', 'Asia/Shanghai')).toBeNull();
  });

  it('reads a ticked schedule: required when empty, invalid when no such date or time, else its instant', () => {
    const zone = 'Asia/Shanghai';
    expect(scheduleOf(draft({}), zone)).toEqual({ at: null, problem: null });
    expect(scheduleOf(draft({ scheduled: true, timingText: '' }), zone)).toEqual({
      at: null,
      problem: 'send.timingRequired',
    });
    for (const text of [
      'garbage',
      '2026-02-30 10:00',
      '2026-12-01 25:00',
      '2026-13-01 10:00',
      '2026-12-01 10:60',
      '2026-04-31 10:00',
    ])
      expect(scheduleOf(draft({ scheduled: true, timingText: text }), zone), text).toEqual({
        at: null,
        problem: 'send.timingInvalid',
      });
    expect(scheduleOf(draft({ scheduled: true, timingText: '2028-02-29 10:00' }), zone)).toEqual({
      at: Date.UTC(2028, 1, 29, 2, 0),
      problem: null,
    });
    // a time skipped by the spring change does not exist there
    expect(epochOfWallClock('2026-03-08 02:30', 'America/New_York')).toBeNull();
    expect(epochOfWallClock('2026-03-08 03:30', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
    const problem = (patch: Partial<SendDraft>) =>
      sendProblem(
        SEND_KINDS.domestic,
        draft({ content: 'x', ...patch }),
        check,
        quoteSend(SEND_KINDS.domestic, draft({ content: 'x' }), check, PRICES),
        ACCOUNT,
        NOW,
        zone,
      );
    expect(problem({ scheduled: true, timingText: '2026-02-30 10:00' })).toBe('send.timingInvalid');
    expect(problem({ scheduled: true, timingText: '' })).toBe('send.timingRequired');
    expect(problem({ scheduled: true, timingText: '2026-11-22 16:05' })).toBe('send.timingTooSoon');
    expect(problem({ scheduled: true, timingText: '2026-11-22 16:10' })).toBeNull();
    expect(problem({ scheduled: false, timingText: 'garbage' })).toBeNull();
  });

  it('refuses unfilled ${pN} in the plain sends only; the one-to-one send fills them', () => {
    const quote = (kind: SendKind, d: SendDraft) => quoteSend(SEND_KINDS[kind], d, check, PRICES);
    const plain = draft({ content: '您好 ${p1}' });
    expect(sendProblem(SEND_KINDS.domestic, plain, check, quote('domestic', plain), ACCOUNT, NOW, 'UTC')).toBe(
      'send.placeholdersUnfilled',
    );
    const personal = draft({
      content: '您好 ${p1}',
      contents: [
        { mobile: '13900000001', content: '您好 王' },
        { mobile: '13900000002', content: '您好 李' },
      ],
    });
    expect(
      sendProblem(SEND_KINDS.oneToOne, personal, check, quote('oneToOne', personal), ACCOUNT, NOW, 'UTC'),
    ).toBeNull();
    expect(
      sendProblem(
        SEND_KINDS.domestic,
        draft({ content: '价格 $100 {p1}' }),
        check,
        quote('domestic', plain),
        ACCOUNT,
        NOW,
        'UTC',
      ),
    ).toBeNull();
  });

  it('refuses a ${…} that is no placeholder in the plain and the one-to-one sends, and names it', () => {
    const quote = (kind: SendKind, d: SendDraft) => quoteSend(SEND_KINDS[kind], d, check, PRICES);
    const named = draft({ content: '您好 ${name}，${p1}' });
    expect(sendProblem(SEND_KINDS.domestic, named, check, quote('domestic', named), ACCOUNT, NOW, 'UTC')).toBe(
      'v.template.placeholderInvalid',
    );
    const personal = draft({ content: '您好 ${name}', contents: [{ mobile: '13900000001', content: '您好 ${name}' }] });
    expect(sendProblem(SEND_KINDS.oneToOne, personal, check, quote('oneToOne', personal), ACCOUNT, NOW, 'UTC')).toBe(
      'v.template.placeholderInvalid',
    );
    expect(problemParams(named, null).names).toBe('${name}');
    expect(problemParams(draft({ content: '您好 ${p1}' }), null).names).toBe('${p1}');
  });

  it('offers only the accounts that are not closed', () => {
    const options = [
      { label: 'EP0001', value: 'EP0001' },
      { label: 'SUB004', value: 'SUB004' },
      { label: 'SUB009', value: 'SUB009' },
    ];
    expect(
      sendableAccounts(options, [ACCOUNT, { cus_id: 'SUB004', status: 0 }, { cus_id: 'SUB001', status: 1 }]).map(
        (o) => o.value,
      ),
    ).toEqual(['EP0001', 'SUB009']);
  });
});
