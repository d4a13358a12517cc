import { createHash } from 'node:crypto';
import type { NumberStatus } from '../../contract/endpoints/number-check.endpoints';

// The number-status "carrier lookup" of this platform: deterministic, so a number always gets the same answer and
// tests can predict it. Shares (of 100 hash buckets): real 70, dead 10, down 6, not 6, silence 5, danger 3.
const BUCKETS: Array<[number, NumberStatus]> = [
  [70, 'real'],
  [80, 'dead'],
  [86, 'down'],
  [92, 'not'],
  [97, 'silence'],
  [100, 'danger'],
];

export const isCheckableMobile = (m: string) => /^1[3-9]\d{9}$/.test(m);

export function numberStatusOf(mobile: string): NumberStatus | 'invalid' {
  if (!isCheckableMobile(mobile)) return 'invalid';
  const bucket = createHash('sha256').update(mobile).digest().readUInt32BE(0) % 100;
  return BUCKETS.find(([upTo]) => bucket < upTo)![1];
}

export const NUMBER_STATUS_LABEL: Record<NumberStatus | 'invalid', { zh: string; en: string }> = {
  real: { zh: '实号', en: 'Real' },
  dead: { zh: '空号', en: 'Empty' },
  down: { zh: '停机', en: 'Suspended' },
  not: { zh: '库无', en: 'Not in library' },
  silence: { zh: '沉默号', en: 'Silent' },
  danger: { zh: '风险号', en: 'Dangerous' },
  invalid: { zh: '无效号码', en: 'Invalid' },
};
