import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createActor, fromPromise, waitFor } from 'xstate';
import { messageInteractSendEndpoint } from '../contract/endpoints/interact.endpoints';
import { longToShortEndpoint } from '../contract/endpoints/short-link.endpoints';
import { modifyPasswordFormSchema } from '../contract/validation/personal-settings.rules';
import {
  rechargeFormSchema,
  subAccountFormSchema,
  subAccountModifyFormSchema,
} from '../contract/validation/sub-account.rules';
import { ApiCallError } from '../sync/http/http-client';
import { fieldErrors, formMachine, hasUnsavedInput } from './form.machine';
import { start } from './form.fixtures';

const SUB = {
  cus_id: '',
  cus_name: '',
  password: '',
  interfacePassword: '',
  userIps: '',
  ext_number: '',
  pushMode: 0,
  reportUrl: '',
  moUrl: '',
  maxConnections: '',
  maxSpeed: '',
  srcId: '',
  busCty: '',
  prodType: 0,
};

describe('form machine: account forms', () => {
  it('checks the contract rules before sending and sends the parsed values', async () => {
    const { actor: a, sent } = start(
      { schema: subAccountFormSchema, values: SUB, sends: 'parsed', rejectionAtField: true },
      async () => ({
        cus_id: 'ABCDEF',
      }),
    );
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toMatchObject({
      cus_id: 'v.subAccount.idRequired',
      password: 'v.subAccount.passwordRequired',
      busCty: 'v.subAccount.busCtyRequired',
    });
    const fill: Record<string, unknown> = {
      cus_id: 'ABCDE',
      cus_name: '子',
      password: '12345',
      interfacePassword: '123456',
      ext_number: '12345678901234',
      maxConnections: '5',
      maxSpeed: '10',
      busCty: 'retail',
    };
    for (const [field, value] of Object.entries(fill)) a.send({ type: 'form.set', field, value });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({
      cus_id: 'v.subAccount.idFormat',
      password: 'v.subAccount.passwordLength',
      ext_number: 'v.subAccount.extFormat',
    });
    a.send({ type: 'form.set', field: 'cus_id', value: 'ABCDEF' });
    expect(a.getSnapshot().context.errors.cus_id).toBeUndefined();
    a.send({ type: 'form.set', field: 'password', value: '123456' });
    a.send({ type: 'form.set', field: 'ext_number', value: '1234567890123' });
    a.send({ type: 'form.submit' });
    const done = await waitFor(a, (s) => s.matches('done'));
    expect(done.context.result).toEqual({ cus_id: 'ABCDEF' });
    expect(sent[0]).toMatchObject({ cus_id: 'ABCDEF', maxConnections: 5, maxSpeed: 10 });
  });

  it('edits a sub-account prefilled, passwords left empty are kept (not sent), a short one refused', async () => {
    const current = {
      ...SUB,
      cus_id: 'SUB001',
      cus_name: '子账号',
      ext_number: '0001',
      maxConnections: '5',
      maxSpeed: '10',
      busCty: 'retail',
    };
    const { actor: a, sent } = start({
      schema: subAccountModifyFormSchema,
      values: current,
      sends: 'parsed',
      rejectionAtField: true,
    });
    expect(hasUnsavedInput(a.getSnapshot())).toBe(false);
    a.send({ type: 'form.set', field: 'interfacePassword', value: '12345' });
    expect(hasUnsavedInput(a.getSnapshot())).toBe(true);
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ interfacePassword: 'v.subAccount.passwordLength' });
    a.send({ type: 'form.set', field: 'interfacePassword', value: '' });
    // typed back to what it opened with: nothing unsaved
    expect(hasUnsavedInput(a.getSnapshot())).toBe(false);
    a.send({ type: 'form.set', field: 'maxSpeed', value: '20' });
    expect(hasUnsavedInput(a.getSnapshot())).toBe(true);
    a.send({ type: 'form.submit' });
    const done = await waitFor(a, (s) => s.matches('done'));
    expect(hasUnsavedInput(done)).toBe(false);
    expect(sent[0]).toMatchObject({ cus_id: 'SUB001', maxSpeed: 20, maxConnections: 5 });
    expect(sent[0].password).toBeUndefined();
    expect(sent[0].interfacePassword).toBeUndefined();
  });

  it('shows a platform rejection on the field it names', async () => {
    const { actor: a } = start(
      {
        schema: rechargeFormSchema(100),
        values: { cus_id: 'SUB001', amount: '' },
        sends: 'parsed',
        rejectionAtField: true,
      },
      () => Promise.reject(new ApiCallError('http', '充值金额不能超过企业余额', 400, null, 'amount')),
    );
    a.send({ type: 'form.set', field: 'amount', value: '100.01' });
    a.send({ type: 'form.submit' });
    // the dialog knows the balance: above it is refused before sending
    expect(a.getSnapshot().context.errors).toEqual({ amount: 'v.recharge.exceedsBalance' });
    a.send({ type: 'form.set', field: 'amount', value: '100' });
    a.send({ type: 'form.submit' });
    const back = await waitFor(a, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(back.context.errors).toEqual({ amount: '充值金额不能超过企业余额' });
    expect(back.context.failure).toBeNull();
  });

  it('checks the new password against the old and the confirmation', () => {
    const { actor: a } = start({
      schema: modifyPasswordFormSchema,
      values: { oldPassword: 'abc123', newPassword: 'abc123', confirmPassword: 'abc124' },
    });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({
      newPassword: 'v.settings.passwordSameAsOld',
      confirmPassword: 'v.settings.passwordMismatch',
    });
    a.send({ type: 'form.reset', values: { oldPassword: '', newPassword: '', confirmPassword: '' } });
    expect(a.getSnapshot().context.errors).toEqual({});
  });
});

describe('form machine: tool forms', () => {
  const link = (
    schema: z.ZodType = longToShortEndpoint.request,
    answer: () => Promise<unknown> = async () => ({ shortUrl: 'http://h/s/AbCdEfGh' }),
  ) => start({ schema, values: { longUrl: '' } }, answer);

  it('refuses an invalid link with the contract rule and submits nothing', () => {
    const t = link();
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().context.errors).toEqual({ longUrl: 'v.shortLink.urlRequired' });
    t.actor.send({ type: 'form.set', field: 'longUrl', value: 'javascript:alert(1)' });
    expect(t.actor.getSnapshot().context.errors).toEqual({});
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().context.errors).toEqual({ longUrl: 'v.url.invalid' });
    expect(t.sent).toEqual([]);
  });

  it('submits a valid form once and keeps the answer; typing again edits it', async () => {
    const t = link();
    t.actor.send({ type: 'form.set', field: 'longUrl', value: 'https://shop.example.com/a' });
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('done'));
    expect(t.sent).toEqual([{ longUrl: 'https://shop.example.com/a' }]);
    expect(t.actor.getSnapshot().context.result).toEqual({ shortUrl: 'http://h/s/AbCdEfGh' });
    t.actor.send({ type: 'form.set', field: 'longUrl', value: 'https://shop.example.com/b' });
    expect(t.actor.getSnapshot().value).toBe('editing');
  });

  it('a rejection returns to editing with the platform message, even one naming a field', async () => {
    const t = link(messageInteractSendEndpoint.request, async () => {
      throw new ApiCallError('http', '余额不足', 400, null, 'content');
    });
    t.actor.send({ type: 'form.reset', values: { cus_id: 'EP0001', decodeMobile: '13800138000', content: 'hi' } });
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(t.actor.getSnapshot().context.failure).toBe('余额不足');
    expect(t.actor.getSnapshot().context.errors).toEqual({});
  });

  it('fieldErrors names the first broken rule per field', () => {
    expect(
      fieldErrors(messageInteractSendEndpoint.request, { cus_id: 'c', decodeMobile: '4008001234', content: ' ' }),
    ).toEqual({
      decodeMobile: 'v.mobile.invalid',
      content: 'v.interact.contentRequired',
    });
  });

  it("fieldErrors tells an area rule by its catalogue key, and zod's own English as a plain invalid field", () => {
    const schema = z.object({
      words: z.string().min(1, { error: 'blacklist.noOptOutWord' }),
      count: z.number().max(3),
    });
    expect(fieldErrors(schema, { words: '', count: 9 })).toEqual({
      words: 'blacklist.noOptOutWord',
      count: 'error.invalidField',
    });
  });
});

describe('form machine: finishing', () => {
  /** A link form whose submit answers `answer`, with the screen's onDone recorded. */
  function finishing(answer: () => Promise<unknown>) {
    const finished: unknown[] = [];
    const m = formMachine.provide({
      actors: { submit: fromPromise(answer) },
      actions: { onDone: ({ context }) => void finished.push(context.result) },
    });
    return {
      actor: createActor(m, {
        input: { schema: longToShortEndpoint.request, values: { longUrl: 'https://shop.example.com/a' } },
      }).start(),
      finished,
    };
  }

  it('calls onDone once, with the answer, as the request is taken', async () => {
    const t = finishing(async () => ({ shortUrl: 'http://h/s/AbCdEfGh' }));
    t.actor.send({ type: 'form.submit' });
    expect(t.finished).toEqual([]);
    await waitFor(t.actor, (s) => s.matches('done'));
    expect(t.finished).toEqual([{ shortUrl: 'http://h/s/AbCdEfGh' }]);
    // staying done finishes nothing more
    await new Promise((r) => setTimeout(r, 10));
    expect(t.finished).toHaveLength(1);
  });

  it('does not call onDone when the request is refused, nor when it is invalid', async () => {
    const t = finishing(async () => {
      throw new ApiCallError('http', '余额不足', 400);
    });
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('editing') && s.context.failure !== null);
    t.actor.send({ type: 'form.set', field: 'longUrl', value: '' });
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.finished).toEqual([]);
  });

  it('calls onDone again for a second request taken after editing', async () => {
    const t = finishing(async () => 'ok');
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('done'));
    t.actor.send({ type: 'form.set', field: 'longUrl', value: 'https://shop.example.com/b' });
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('done'));
    expect(t.finished).toEqual(['ok', 'ok']);
  });
});
