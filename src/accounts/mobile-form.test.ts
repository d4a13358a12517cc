import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { formMachine, type FormValues } from '../../machines/form.machine';
import { mobileForm, mobileFormFields } from './mobile-form';

describe('change-mobile form', () => {
  it('has one input for the new mobile, with the send-code button beside it, and one for the code', () => {
    const fields = mobileFormFields(() => null);
    expect(fields.map((f) => f.name)).toEqual(['mobile', 'code']);
    expect(fields[0].addon).toBeTypeOf('function');
    expect(fields[1].addon).toBeUndefined();
  });

  it('saves the number typed beside the send-code button, and that is the number the button sends to', async () => {
    let saved: FormValues | null = null;
    let sendTo = '';
    const [mobileField] = mobileFormFields((values) => ((sendTo = String(values.mobile)), null));
    const machine = formMachine.provide({
      actors: { submit: fromPromise(async ({ input }) => (saved = input as FormValues)) },
    });
    const actor = createActor(machine, { input: { ...mobileForm('u-1'), sends: 'parsed' } }).start();
    actor.send({ type: 'form.set', field: mobileField.name, value: '13912345678' });
    mobileField.addon?.(actor.getSnapshot().context.values);
    expect(sendTo).toBe('13912345678');
    actor.send({ type: 'form.set', field: 'code', value: '123456' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(saved).toEqual({ mobile: '13912345678', code: '123456', uuid: 'u-1' });
  });
});
