import type { Language } from './constants';
import { STATE_MESSAGES } from './states.messages';

// Messages of the validation rules of spec §5 (keys start with `v.`), plus the state labels of states.ts.
export const VALIDATION_MESSAGES: Record<string, Record<Language, string>> = {
  ...STATE_MESSAGES,
  'v.mobile.required': { zh: '手机号不能为空', en: 'The mobile number is required' },
  'v.mobile.invalid': { zh: '手机号格式不正确', en: 'The mobile number is not valid' },
};
