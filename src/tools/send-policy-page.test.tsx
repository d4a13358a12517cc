import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { RESOURCES } from '../i18n/i18n';
import { DailyCapsTable } from './daily-caps-table';
import { SendPolicyForm } from './send-policy-page';

// The settings form as the browser gets it, rendered once in Node: every input named by a label that points at it,
// each section a fieldset with its legend, a 0 said in words, an account the list does not name still shown.

const policy: SendPolicy = {
  caps: {
    verification: { perMinute: 1, perHour: 5, perDay: 10 },
    notification: { perMinute: 0, perHour: 0, perDay: 0 },
    marketing: { perMinute: 0, perHour: 2, perDay: 3 },
  },
  duplicateWindowS: 0,
  dailyCap: 1000,
  dailyCaps: [{ cusId: 'GONE01', cap: 100 }],
  quietHours: { enabled: true, from: '22:00', to: '08:00', action: 'hold' },
  marketingOptOut: { mode: 'append', textZh: '回T退订', textEn: 'Reply STOP' },
};

async function render(lng: 'zh' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources: { zh: { translation: RESOURCES.zh }, en: { translation: RESOURCES.en } },
    interpolation: { escapeValue: false },
  });
  const accounts = [{ value: 'SUB001', label: '门店 (SUB001)' }];
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(SendPolicyForm, { policy, accounts })),
  );
}

const attrs = (html: string, tag: string, attr: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${attr}="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('the send policy form, rendered', () => {
  it('names every input by a label pointing at it', async () => {
    const html = await render('zh');
    const labelled = new Set(attrs(html, 'label', 'for'));
    const inputs = [...html.matchAll(/<(input|textarea)\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/type="hidden"/.test(tag));
    // 9 caps, the window, the daily cap, a row's account and cap, quiet hours (4), opt-out (3)
    expect(inputs.length).toBeGreaterThanOrEqual(9 + 2 + 2 + 4 + 3);
    for (const tag of inputs) {
      const id = /\bid="([^"]*)"/.exec(tag)?.[1];
      const named = (id && labelled.has(id)) || /aria-label="[^"]+"/.test(tag) || /aria-hidden="true"/.test(tag);
      expect(named, tag).toBe(true);
    }
    expect(html).toContain('第 1 行的账号');
  });

  it('groups the inputs under legends and says what a 0 means, in the chosen language', async () => {
    const zh = await render('zh');
    for (const legend of [
      '每个号码的频率上限',
      '验证码类',
      '通知类',
      '营销类',
      '重复内容拦截',
      '账号每日发送上限',
      '营销短信免打扰时段',
      '营销短信退订提示',
    ])
      expect(zh).toContain(`${legend}</legend>`);
    expect(zh).toContain('data-testid="policy-caps-notification-perMinute-zero"');
    expect(zh).toContain('data-testid="policy-duplicateWindowS-zero"');
    expect(zh).not.toContain('data-testid="policy-caps-verification-perMinute-zero"');
    const en = await render('en');
    expect(en).toContain('Caps per number</legend>');
    expect(en).toContain('No cap');
    // no Chinese but the values typed (the Chinese opt-out text)
    expect(en.replace(/value="[^"]*"/g, '')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('shows an account the list no longer names by its id', async () => {
    expect(await render('en')).toContain('GONE01');
  });

  it("ties a row's error to its input, in words", () => {
    const none = () => undefined;
    const form = {
      values: { dailyCaps: [{ cusId: 'SUB001', cap: 1e9 }] },
      errors: { 'dailyCaps.0.cap': 'policy.dailyCapRange' },
      item: { add: none, set: none, move: none, remove: none },
    };
    const html = renderToStaticMarkup(
      createElement(DailyCapsTable, { form, accounts: [{ value: 'SUB001', label: 'SUB001' }], newCap: 0 }),
    );
    const input = /<input[^>]*data-testid="policy-dailyCaps-0-cap"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('aria-invalid="true"');
    const described = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toMatch(
      new RegExp(`<small class="p-error" id="${described}"[^>]*>须为 0–100000000 的整数（0 为不限）</small>`),
    );
  });
});
