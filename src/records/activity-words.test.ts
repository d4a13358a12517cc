import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import { isMessageKey, translate } from '../../contract/messages';
import { ALL_COMMANDS as COMMANDS } from '../../sync/commands/all-command-tables';
import { commandKey, commandText, targetText } from './activity-words';

describe('the event log in words', () => {
  it('labels every command type of the outbox in zh and en', () => {
    const missing = Object.keys(COMMANDS).filter((type) => !isMessageKey(commandKey(type)));
    expect(missing).toEqual([]);
    for (const type of Object.keys(COMMANDS))
      for (const lang of LANGUAGES) {
        const label = commandText(lang, type);
        expect(label, `${type} in ${lang}`).not.toBe(type);
        expect(label.trim(), `${type} in ${lang}`).not.toBe('');
        if (lang === 'en') expect(label, type).not.toMatch(/[\u4e00-\u9fff]/);
        else expect(label, type).toMatch(/[\u4e00-\u9fff]/);
      }
    expect(commandText('zh', 'shortLink.create')).toBe('生成短链接');
    expect(commandText('en', 'customer.charge')).toBe('Charge sub-account');
  });

  it('names every event status in both languages', () => {
    for (const k of ['pending', 'acked', 'rejected'].map((st) => `activity.status.${st}`)) {
      expect(translate('en', k), k).not.toBe(k);
      expect(translate('en', k)).not.toMatch(/[\u4e00-\u9fff]/);
      expect(translate('zh', k)).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('names a target by its kind and the name its payload carries, never by the outbox key', () => {
    expect(
      targetText('zh', {
        aggregate: 'library:member:AM01J9ZK',
        payload: { id: 'AM01J9ZK', name: '张三', mobile: '13800000000', groupName: '客户' },
      }),
    ).toBe('联系人 张三');
    expect(targetText('en', { aggregate: 'library:group:AG01', payload: { id: 'AG01', groupName: 'VIP' } })).toBe(
      'Group VIP',
    );
    expect(targetText('zh', { aggregate: 'library:csp:CS01M', payload: { template_name: '双十一' } })).toBe(
      '卡片模板 双十一',
    );
    expect(targetText('zh', { aggregate: 'library:content:new:1700000000000', payload: { title: '' } })).toBe(
      '内容模板 （新建）',
    );
    expect(targetText('en', { aggregate: 'library:content:CT9', payload: { id: 'CT9' } })).toBe('Content template');
    expect(targetText('zh', { aggregate: 'account:SUB001', payload: { cus_id: 'SUB001', amount: 100 } })).toBe(
      '账号 SUB001',
    );
    expect(targetText('en', { aggregate: 'time_batch:TB42', payload: {} })).toBe('Timed batch TB42');
    expect(targetText('zh', { aggregate: 'conversation:EP0001:13800000000', payload: {} })).toBe('会话 13800000000');
    expect(targetText('en', { aggregate: 'tools:EP0001', payload: {} })).toBe('Account EP0001');
    for (const lang of LANGUAGES)
      expect(translate(lang, 'activity.target.member', { name: 'x' })).not.toContain('activity');
  });
});
