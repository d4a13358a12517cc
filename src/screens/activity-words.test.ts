import { describe, expect, it } from 'vitest';
import { translate } from '../../contract/messages';
import { SEND_COMMANDS } from '../../sync/send-commands';

// Issue 14 item 8: every command and event state the Activity screen shows has words in zh and en, no raw codes.
describe('Activity words', () => {
  it('names every command and status in both languages', () => {
    const keys = [...['batch.pause', 'batch.recover', 'batch.intercept', 'batch.edit', ...Object.keys(SEND_COMMANDS)].map((c) => `activity.command.${c}`), ...['pending', 'acked', 'rejected'].map((s) => `activity.status.${s}`)];
    for (const k of keys) {
      expect(translate('en', k), k).not.toBe(k);
      expect(translate('en', k)).not.toMatch(/[\u4e00-\u9fff]/);
      expect(translate('zh', k)).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
