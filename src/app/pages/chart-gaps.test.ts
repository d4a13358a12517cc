import { describe, expect, it } from 'vitest';
import { gapWhereNoSends } from './chart-gaps';

describe('gapWhereNoSends', () => {
  it('puts null on days without sends and keeps real 0 % on days with sends', () => {
    expect(gapWhereNoSends([90, 0, 0, 50], [10, 0, 5, 2])).toEqual([90, null, 0, 50]);
    expect(gapWhereNoSends([0], [])).toEqual([null]);
  });
});
