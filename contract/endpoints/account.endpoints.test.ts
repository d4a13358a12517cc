import { describe, expect, it } from 'vitest';
import { LONG_TIMEOUT_MS } from '../endpoint';
import {
  certificationEndpoint,
  getOperatorPatternsEndpoint,
  modifyPasswordEndpoint,
  pushUrlModifyEndpoint,
  templateAddEndpoint,
} from './account.endpoints';

const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('account endpoints', () => {
  it('modifyPassword applies the personal-settings rules', () => {
    expect(
      modifyPasswordEndpoint.request.safeParse({
        oldPassword: 'demo1234',
        newPassword: 'new123',
        confirmPassword: 'new123',
      }).success,
    ).toBe(true);
    expect(
      firstMessage(
        modifyPasswordEndpoint.request.safeParse({
          oldPassword: 'demo1234',
          newPassword: 'new12',
          confirmPassword: 'new12',
        }),
      ),
    ).toBe('v.settings.passwordWeak');
  });
  it('certification checks the resident ID', () => {
    expect(
      firstMessage(
        certificationEndpoint.request.safeParse({
          cardName: '张三',
          cardNumber: '110105194912310021',
          phone: '13800138000',
        }),
      ),
    ).toBe('v.settings.cardNumberInvalid');
  });
  it('push URL modify and template add take the long timeout (spec §9)', () => {
    expect(pushUrlModifyEndpoint.timeoutMs).toBe(LONG_TIMEOUT_MS);
    expect(templateAddEndpoint.timeoutMs).toBe(LONG_TIMEOUT_MS);
    expect(firstMessage(templateAddEndpoint.request.safeParse({ cus_id: 'c1', title: 't', frames: [] }))).toBe(
      'v.template.framesRequired',
    );
  });
  it('operator patterns are number prefixes', () => {
    const ok = [{ operator: 'cmcc', label: 'China Mobile', prefixes: ['134', '1440'] }];
    expect(getOperatorPatternsEndpoint.response.safeParse(ok).success).toBe(true);
    expect(getOperatorPatternsEndpoint.response.safeParse([{ ...ok[0], prefixes: ['034'] }]).success).toBe(false);
  });
});
