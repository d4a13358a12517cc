import { describe, expect, it } from 'vitest';
import { timedEditSchema } from './timed-edit.rules';

describe('timed edit', () => {
  it('content cannot be empty after trimming', () => {
    expect(timedEditSchema.safeParse({ time_batch: 'T1', content: ' \n\t ' }).error?.issues[0]).toMatchObject({
      path: ['content'],
      message: 'v.timedEdit.contentRequired',
    });
    expect(timedEditSchema.safeParse({ time_batch: 'T1' }).error?.issues[0].message).toBe(
      'v.timedEdit.contentRequired',
    );
    expect(timedEditSchema.safeParse({ time_batch: 'T1', content: ' new text ' }).data).toEqual({
      time_batch: 'T1',
      content: 'new text',
    });
  });
  it('content with a ${…} that is no placeholder is refused, naming it', () => {
    expect(timedEditSchema.safeParse({ time_batch: 'T1', content: '您好 ${name}' }).error?.issues[0]).toMatchObject({
      path: ['content'],
      message: 'v.template.placeholderInvalid',
      params: { names: '${name}' },
    });
  });
  it('batch is required', () => {
    expect(timedEditSchema.safeParse({ time_batch: '', content: 'x' }).error?.issues[0].message).toBe(
      'v.timedEdit.batchRequired',
    );
  });
});
