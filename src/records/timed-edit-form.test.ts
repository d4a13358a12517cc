import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../machines/form.machine';
import { timedEditSchema } from './timed-edit-form';

// The timed edit's form rules: the content as the contract's edit rule holds it, the time read in the account's zone
// and held to 10 minutes ahead, a time left as it was left out of the request.

const ZONE = 'Asia/Shanghai';
const NOW = Date.UTC(2026, 0, 5, 4, 0); // 12:00 in Shanghai
const schema = timedEditSchema(ZONE, '2026-01-05 18:00', () => NOW);
const edit = (content: string, timing_time = '2026-01-05 18:00') => ({ time_batch: 'T1', content, timing_time });

describe('the timed edit form', () => {
  it('asks for content and names a variable that is no placeholder', () => {
    expect(fieldErrors(schema, edit(' \n '))).toEqual({ content: 'v.timedEdit.contentRequired' });
    expect(fieldErrors(schema, edit('您好 ${name}'))).toEqual({ content: 'v.template.placeholderInvalid' });
  });

  it('leaves an unchanged time out and reads a new one in the account zone', () => {
    expect(schema.parse(edit('x'))).toEqual({ time_batch: 'T1', content: 'x' });
    expect(schema.parse(edit('x', '2026-01-05 13:00')).timing_time).toBe(Date.UTC(2026, 0, 5, 5, 0));
  });

  it('refuses a time that is empty, unreadable or less than 10 minutes ahead', () => {
    expect(fieldErrors(schema, edit('x', ''))).toEqual({ timing_time: 'send.timingRequired' });
    expect(fieldErrors(schema, edit('x', '2026-13-40 25:00'))).toEqual({ timing_time: 'send.timingInvalid' });
    expect(fieldErrors(schema, edit('x', '2026-01-05 12:05'))).toEqual({ timing_time: 'send.timingTooSoon' });
  });
});
