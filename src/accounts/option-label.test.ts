import { describe, expect, it } from 'vitest';
import { labelOf, labelsOf } from './option-label';

describe('codes in words', () => {
  it('shows the option label of a business type or product, the code only while no list knows it', () => {
    const busCtys = [{ value: 'retail', label: '电商零售' }];
    expect(labelOf(busCtys, 'retail')).toBe('电商零售');
    expect(labelOf(null, 'retail')).toBe('retail');
    expect(
      labelsOf(
        [
          { value: 0, label: '国内短信' },
          { value: 2, label: '视频短信' },
        ],
        [0, 2],
      ),
    ).toBe('国内短信, 视频短信');
  });
});
