import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { rechargeFormSchema, subAccountFormSchema } from '../contract/validation/sub-account.rules';
import { modifyPasswordFormSchema } from '../contract/validation/personal-settings.rules';
import { ApiCallError } from '../sync/http-client';
import { createFormMachine, type FormValues } from './account-form.machine';

const SUB = { cus_id: '', cus_name: '', password: '', interfacePassword: '', userIps: '', ext_number: '', pushMode: 0, reportUrl: '', moUrl: '', maxConnections: '', maxSpeed: '', srcId: '', busCty: '', prodType: 0 };

describe('account form machine', () => {
  it('checks the §5 rules before sending and sends the parsed values', async () => {
    const sent: unknown[] = [];
    const m = createFormMachine('sub', subAccountFormSchema, SUB).provide({ actors: { submit: fromPromise(async ({ input }) => (sent.push(input), { cus_id: 'ABCDEF' })) } });
    const a = createActor(m).start();
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toMatchObject({ cus_id: 'v.subAccount.idRequired', password: 'v.subAccount.passwordRequired', busCty: 'v.subAccount.busCtyRequired' });
    const fill: Record<string, unknown> = { cus_id: 'ABCDE', cus_name: '子', password: '12345', interfacePassword: '123456', ext_number: '12345678901234', maxConnections: '5', maxSpeed: '10', busCty: 'retail' };
    for (const [field, value] of Object.entries(fill)) a.send({ type: 'form.set', field, value });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ cus_id: 'v.subAccount.idFormat', password: 'v.subAccount.passwordLength', ext_number: 'v.subAccount.extFormat' });
    a.send({ type: 'form.set', field: 'cus_id', value: 'ABCDEF' });
    expect(a.getSnapshot().context.errors.cus_id).toBeUndefined();
    a.send({ type: 'form.set', field: 'password', value: '123456' });
    a.send({ type: 'form.set', field: 'ext_number', value: '1234567890123' });
    a.send({ type: 'form.submit' });
    const done = await waitFor(a, (s) => s.matches('done'));
    expect(done.context.result).toEqual({ cus_id: 'ABCDEF' });
    expect(sent[0]).toMatchObject({ cus_id: 'ABCDEF', maxConnections: 5, maxSpeed: 10 });
  });

  it('shows a platform rejection on the field it names', async () => {
    const m = createFormMachine('charge', rechargeFormSchema(100), { cus_id: 'SUB001', amount: '' }).provide({
      actors: { submit: fromPromise<unknown, FormValues>(() => Promise.reject(new ApiCallError('http', '充值金额不能超过企业余额', 400, null, 'amount'))) },
    });
    const a = createActor(m).start();
    a.send({ type: 'form.set', field: 'amount', value: '100.01' });
    a.send({ type: 'form.submit' });
    // the dialog knows the balance: above it is refused before sending
    expect(a.getSnapshot().context.errors).toEqual({ amount: 'v.recharge.exceedsBalance' });
    a.send({ type: 'form.set', field: 'amount', value: '100' });
    a.send({ type: 'form.submit' });
    const back = await waitFor(a, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(back.context.errors).toEqual({ amount: '充值金额不能超过企业余额' });
  });

  it('checks the new password against the old and the confirmation', () => {
    const a = createActor(createFormMachine('pw', modifyPasswordFormSchema, { oldPassword: 'abc123', newPassword: 'abc123', confirmPassword: 'abc124' })).start();
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ newPassword: 'v.settings.passwordSameAsOld', confirmPassword: 'v.settings.passwordMismatch' });
    a.send({ type: 'form.reset', values: { oldPassword: '', newPassword: '', confirmPassword: '' } });
    expect(a.getSnapshot().context.errors).toEqual({});
  });
});
