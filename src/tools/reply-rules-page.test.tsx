import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ReplyRule } from '../../contract/endpoints/reply-rule.endpoints';
import { RESOURCES } from '../i18n/i18n';
import { RuleForm } from './reply-rules-page';

// The rule dialog's form as the browser gets it, rendered once in Node: every input named by a label pointing at it,
// what the answer costs said in words, and the texts a rule holds shown as text, never as markup.

const rule: ReplyRule = {
  id: '01RULE',
  keyword: '<b>hours</b>',
  answer: 'Open <i>9-5</i>',
  forwardUrl: 'https://example.com/hook',
  tag: 'hours',
  updatedAt: 0,
  updatedBy: 'admin',
};

async function render(lng: 'zh' | 'en', segmentPrice: number | null) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources: { zh: { translation: RESOURCES.zh }, en: { translation: RESOURCES.en } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(RuleForm, { rule, segmentPrice, onDone: () => undefined })),
  );
}

describe('the reply rule form, rendered', () => {
  it('names every input by a label pointing at it, and shows the texts as text', async () => {
    const html = await render('en', 0.045);
    const labelled = new Set([...html.matchAll(/<label\b[^>]*\bfor="([^"]*)"/g)].map((m) => m[1]));
    const inputs = [...html.matchAll(/<(input|textarea)\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/type="hidden"/.test(tag));
    expect(inputs).toHaveLength(4);
    for (const tag of inputs) expect(labelled.has(/\bid="([^"]*)"/.exec(tag)?.[1] ?? ''), tag).toBe(true);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    expect(html).toContain('&lt;i&gt;9-5&lt;/i&gt;');
  });

  it("says what an answer costs, in the reader's language, or that there is no price", async () => {
    expect(await render('en', 0.045)).toContain('0.045 yuan a message (1 billed)');
    expect(await render('zh', 0.045)).toContain('每条 0.045 元（1 条计费）');
    expect(await render('en', null)).toContain('No price set');
  });
});
