import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../i18n/i18n';
import { errorsText, latencyText, ratioText } from './carrier-status-text';

const translator = async (lng: 'zh' | 'en') => {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { [lng]: { translation: RESOURCES[lng] } }, interpolation: { escapeValue: false } });
  return (key: string, params?: Record<string, unknown>) => i.t(key, params);
};

describe('carrier status cells', () => {
  it('lists refusals by code with their counts, the platform’s own code in the reader’s language', async () => {
    const errors = [
      { code: '0x00000058', count: 3 },
      { code: 'unanswered', count: 1 },
    ];
    expect(errorsText(errors, await translator('en'), 'en')).toBe('0x00000058 ×3, unanswered ×1');
    expect(errorsText(errors, await translator('zh'), 'zh')).toBe('0x00000058 ×3，无应答 ×1');
    expect(errorsText([{ code: '0x00000014', count: 12345 }], await translator('en'), 'en')).toBe('0x00000014 ×12,345');
    expect(errorsText([], await translator('en'), 'en')).toBe('None');
  });

  it('shows receipt latency in ms below a second, in seconds above, and a dash when no receipt came', async () => {
    const en = await translator('en');
    expect(latencyText({ receiptP50Ms: 812.4, receiptP95Ms: 2049 }, en, 'en')).toBe('812 ms / 2 s');
    expect(latencyText({ receiptP50Ms: 1250, receiptP95Ms: null }, en, 'en')).toBe('1.3 s / —');
    expect(latencyText({ receiptP50Ms: 90, receiptP95Ms: 15_000 }, await translator('zh'), 'zh')).toBe(
      '90 毫秒 / 15 秒',
    );
  });

  it('writes binds and window use as part/whole', () => {
    expect(ratioText(1, 1, 'en')).toBe('1/1');
    expect(ratioText(0, 2000, 'en')).toBe('0/2,000');
  });
});
