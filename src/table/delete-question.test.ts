import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../i18n/i18n';
import { deleteQuestion } from './delete-question';

describe('the delete question', () => {
  it('names the group or template by its name in both languages, the number only when it has none', async () => {
    for (const lng of ['zh', 'en'] as const) {
      const i = i18next.createInstance();
      await i.init({
        lng,
        resources: { [lng]: { translation: RESOURCES[lng] } },
        interpolation: { escapeValue: false },
      });
      const t = (k: string, p: Record<string, unknown>) => i.t(k, p);
      const named = deleteQuestion(t, 'AG01J9ZKQ3', '重要客户');
      expect(named).toContain('重要客户');
      expect(named).not.toContain('AG01J9ZKQ3');
      expect(deleteQuestion(t, 'AG01J9ZKQ3', '  ')).toContain('AG01J9ZKQ3');
    }
  });
});
