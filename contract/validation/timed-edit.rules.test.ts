import { describe, expect, it } from 'vitest';
import { timedEditSchema } from './timed-edit.rules';

describe('timed edit', () => {
  it('content cannot be empty after trimming', () => {
    expect(timedEditSchema.safeParse({ time_batch: 'T1', content: ' \n\t ' }).error?.issues[0]).toMatchObject({
      path: ['content'],
      message: 'v.timedEdit.contentRequired',
    });
    expect(timedEditSchema.safeParse({ time_batch: 'T1' }).error?.issues[0].message).toBe('v.timedEdit.contentRequired');
    expect(timedEditSchema.safeParse({ time_batch: 'T1', content: ' new text ' }).data).toEqual({ time_batch: 'T1', content: 'new text' });
  });
  it('batch is required', () => {
    expect(timedEditSchema.safeParse({ time_batch: '', content: 'x' }).error?.issues[0].message).toBe('v.timedEdit.batchRequired');
  });
});
