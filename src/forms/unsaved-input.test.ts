import { describe, expect, it } from 'vitest';
import { leaveDialog, unsavedForms } from './unsaved-input';

describe('a form dialog with unsaved input', () => {
  it('holds unsaved input while any of its forms says so, and none once they are saved or gone', () => {
    const forms = unsavedForms();
    expect(forms.any()).toBe(false);
    forms.report('a', true);
    forms.report('b', false);
    expect(forms.any()).toBe(true);
    forms.report('b', true);
    forms.report('a', false);
    expect(forms.any()).toBe(true);
    forms.report('b', false);
    expect(forms.any()).toBe(false);
  });

  it('asks before closing over unsaved input and closes only if the user leaves; closes an untouched one at once', () => {
    const log: string[] = [];
    const close = () => log.push('closed');
    leaveDialog(false, close, () => log.push('asked'));
    expect(log).toEqual(['closed']);
    log.length = 0;
    leaveDialog(true, close, () => log.push('asked'));
    expect(log).toEqual(['asked']);
    leaveDialog(true, close, (leave) => (log.push('asked'), leave()));
    expect(log).toEqual(['asked', 'asked', 'closed']);
  });
});
