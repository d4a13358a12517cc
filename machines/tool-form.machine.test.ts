import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createActor, fromPromise, waitFor } from 'xstate';
import { messageInteractSendEndpoint } from '../contract/endpoints/interact.endpoints';
import { longToShortEndpoint } from '../contract/endpoints/short-link.endpoints';
import { fieldErrors, toolFormMachine } from './tool-form.machine';

function start(schema: z.ZodType = longToShortEndpoint.request, answer: () => Promise<unknown> = async () => ({ shortUrl: 'http://h/s/AbCdEfGh' })) {
  const submitted: Array<Record<string, unknown>> = [];
  const machine = toolFormMachine(schema, { longUrl: '' }).provide({
    actors: {
      submit: fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        submitted.push(input);
        return answer();
      }),
    },
  });
  return { actor: createActor(machine).start(), submitted };
}

describe('tool form machine', () => {
  it('refuses an invalid link with the contract rule and submits nothing', () => {
    const t = start();
    t.actor.send({ type: 'submit' });
    expect(t.actor.getSnapshot().context.errors).toEqual({ longUrl: 'v.shortLink.urlRequired' });
    t.actor.send({ type: 'set', field: 'longUrl', value: 'javascript:alert(1)' });
    expect(t.actor.getSnapshot().context.errors).toEqual({});
    t.actor.send({ type: 'submit' });
    expect(t.actor.getSnapshot().context.errors).toEqual({ longUrl: 'v.url.invalid' });
    expect(t.submitted).toEqual([]);
  });

  it('submits a valid form once and keeps the answer', async () => {
    const t = start();
    t.actor.send({ type: 'set', field: 'longUrl', value: 'https://shop.example.com/a' });
    t.actor.send({ type: 'submit' });
    await waitFor(t.actor, (s) => s.matches('done'));
    expect(t.submitted).toEqual([{ longUrl: 'https://shop.example.com/a' }]);
    expect(t.actor.getSnapshot().context.result).toEqual({ shortUrl: 'http://h/s/AbCdEfGh' });
  });

  it('a rejection returns to editing with the platform message', async () => {
    const t = start(messageInteractSendEndpoint.request, async () => {
      throw new Error('余额不足');
    });
    t.actor.send({ type: 'reset', values: { cus_id: 'EP0001', decodeMobile: '13800138000', content: 'hi' } });
    t.actor.send({ type: 'submit' });
    await waitFor(t.actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(t.actor.getSnapshot().context.failure).toBe('余额不足');
  });

  it('fieldErrors names the first broken rule per field', () => {
    expect(fieldErrors(messageInteractSendEndpoint.request, { cus_id: 'c', decodeMobile: '4008001234', content: ' ' })).toEqual({
      decodeMobile: 'v.mobile.invalid',
      content: 'v.interact.contentRequired',
    });
  });
});
