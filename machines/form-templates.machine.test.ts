import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  contentTemplateFormSchema,
  cspTemplateFormSchema,
  videoTemplateFormSchema,
} from '../contract/validation/template.rules';
import { moveItem, seedValues, type FormValues } from './form.machine';
import { start } from './form.fixtures';

const frame = (textContent: string) => ({ mediaType: 'text' as const, mediaUrl: '', textContent });

describe('form machine: template editors', () => {
  it('refuses an invalid form with the contract rule keys and records nothing', async () => {
    const { actor: a, sent } = start({
      schema: contentTemplateFormSchema,
      values: { cus_id: 'EP0001', template_content: '', keyword: '' },
    });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toEqual({ template_content: 'v.template.contentRequired' });
    expect(sent).toEqual([]);
    a.send({ type: 'form.set', field: 'template_content', value: '您好 ${p1}' });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches('done'));
    expect(sent).toEqual([{ cus_id: 'EP0001', template_content: '您好 ${p1}', keyword: '' }]);
  });

  it('tells a live rule as the user types, and a required one only on submit', () => {
    const live = ['v.template.placeholderInvalid'];
    const { actor: a } = start({
      schema: contentTemplateFormSchema,
      values: { cus_id: 'EP0001', template_content: '', keyword: '' },
      live,
    });
    a.send({ type: 'form.set', field: 'template_content', value: '您好 ${na' });
    expect(a.getSnapshot().context.errors).toEqual({ template_content: 'v.template.placeholderInvalid' });
    a.send({ type: 'form.set', field: 'template_content', value: '您好 ${p1}' });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'form.set', field: 'template_content', value: '' });
    expect(a.getSnapshot().context.errors).toEqual({});
    expect(a.getSnapshot().value).toBe('editing');
  });

  it('adds, edits, moves and removes frames, and sends them in their order', async () => {
    const { actor: a, sent } = start({
      schema: videoTemplateFormSchema,
      values: { cus_id: 'EP0001', title: '标题', frames: [] },
    });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors.frames).toBe('v.template.framesRequired');
    for (const text of ['a', 'b', 'c']) a.send({ type: 'form.item.add', field: 'frames', item: frame(text) });
    a.send({ type: 'form.item.set', field: 'frames', index: 1, patch: { textContent: 'B' } });
    a.send({ type: 'form.item.move', field: 'frames', index: 2, by: -1 });
    a.send({ type: 'form.item.remove', field: 'frames', index: 0 });
    expect((a.getSnapshot().context.values.frames as Array<{ textContent: string }>).map((f) => f.textContent)).toEqual(
      ['c', 'B'],
    );
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches('done'));
    expect(sent[0].frames).toEqual([frame('c'), frame('B')]);
  });

  it('checks and sends the request the form builds, and reports a rejected record', async () => {
    const card = (cardTitle: string) => ({
      cardSeq: 0,
      mediaType: 'image' as const,
      mediaUrl: 'u',
      cardTitle,
      textContent: 't',
      buttons: [],
    });
    const numbered = (v: FormValues) => ({
      ...v,
      cards: (v.cards as Array<Record<string, unknown>>).map((c, i) => ({ ...c, cardSeq: i + 1 })),
    });
    const { actor: a } = start(
      {
        schema: cspTemplateFormSchema,
        values: { cus_id: 'EP0001', chatbot_id: 'CB0001', template_name: 'n', cards: [card('x')] },
        request: numbered,
      },
      () => Promise.reject(new Error('storage full')),
    );
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.context.failure !== null);
    expect(a.getSnapshot().context.failure).toBe('storage full');
    expect(a.getSnapshot().value).toBe('editing');
  });

  it('keeps the editor open on a frame without its material, the error at that frame, until it is uploaded', async () => {
    const image = { mediaType: 'image' as const, mediaUrl: '', textContent: '' };
    const { actor: a, sent } = start({
      schema: videoTemplateFormSchema,
      values: { cus_id: 'EP0001', title: '标题', frames: [frame('a'), image] },
    });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toEqual({ 'frames.1.mediaUrl': 'v.template.frameMaterialRequired' });
    expect(sent).toEqual([]);
    a.send({ type: 'form.item.set', field: 'frames', index: 1, patch: { mediaUrl: '/m/1.png' } });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches('done'));
    expect(sent).toHaveLength(1);
  });

  it('reopens a refused command with what was typed: the fields of the form and its list', () => {
    const defaults = { cus_id: '', title: '', remark: '', frames: [frame('new')] };
    const payload = { cus_id: 'EP0001', title: 'Launch', remark: 'r', frames: [frame('a')], extra: 1 };
    expect(seedValues(defaults, payload)).toEqual({
      cus_id: 'EP0001',
      title: 'Launch',
      remark: 'r',
      frames: [frame('a')],
    });
    expect(seedValues(defaults)).toEqual(defaults);
  });

  it('moves nothing past either end', () => {
    expect(moveItem([1, 2], 0, -1)).toEqual([1, 2]);
    expect(moveItem([1, 2], 1, 1)).toEqual([1, 2]);
    expect(moveItem([1, 2], 1, -1)).toEqual([2, 1]);
  });
});
