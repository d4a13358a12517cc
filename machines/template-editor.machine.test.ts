import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { contentTemplateFormSchema, cspTemplateFormSchema, videoTemplateFormSchema } from '../contract/validation/template.rules';
import { formOf, moveItem, seedFrom, templateEditorMachine } from './template-editor.machine';

const frame = (textContent: string) => ({ mediaType: 'text' as const, mediaUrl: '', textContent });

describe('template editor machine', () => {
  it('refuses an invalid form with the contract rule keys and records nothing', async () => {
    const recorded: unknown[] = [];
    const m = templateEditorMachine(contentTemplateFormSchema, { cus_id: 'EP0001', template_content: '', keyword: '' }, null).provide({
      actors: { record: fromPromise(async ({ input }) => (recorded.push(input), 'E1')) },
    });
    const a = createActor(m).start();
    a.send({ type: 'submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toEqual({ template_content: 'v.template.contentRequired' });
    a.send({ type: 'field.set', field: 'template_content', value: '您好 ${p1}' });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'submit' });
    await waitFor(a, (s) => s.status === 'done');
    expect(recorded).toEqual([{ cus_id: 'EP0001', template_content: '您好 ${p1}', keyword: '' }]);
  });

  it('adds, edits, moves and removes frames, and sends them in their order', async () => {
    let sent: Record<string, unknown> | null = null;
    const m = templateEditorMachine<ReturnType<typeof frame>>(videoTemplateFormSchema, { cus_id: 'EP0001', title: '标题' }, 'frames').provide({
      actors: { record: fromPromise(async ({ input }) => ((sent = input), 'E2')) },
    });
    const a = createActor(m).start();
    a.send({ type: 'submit' });
    expect(a.getSnapshot().context.errors.frames).toBe('v.template.framesRequired');
    a.send({ type: 'item.add', item: frame('a') });
    a.send({ type: 'item.add', item: frame('b') });
    a.send({ type: 'item.add', item: frame('c') });
    a.send({ type: 'item.set', index: 1, patch: { textContent: 'B' } });
    a.send({ type: 'item.move', index: 2, by: -1 });
    a.send({ type: 'item.remove', index: 0 });
    expect(a.getSnapshot().context.items.map((f) => f.textContent)).toEqual(['c', 'B']);
    a.send({ type: 'submit' });
    await waitFor(a, (s) => s.status === 'done');
    expect((sent as unknown as { frames: unknown[] }).frames).toEqual([frame('c'), frame('B')]);
  });

  it('numbers cards in their order and reports a rejected record', async () => {
    const card = (cardTitle: string) => ({ cardSeq: 0, mediaType: 'image' as const, mediaUrl: 'u', cardTitle, textContent: 't', buttons: [] });
    expect(formOf({}, [card('x'), card('y')], 'cards')).toEqual({ cards: [{ ...card('x'), cardSeq: 1 }, { ...card('y'), cardSeq: 2 }] });
    const m = templateEditorMachine(cspTemplateFormSchema, { cus_id: 'EP0001', chatbot_id: 'CB0001', template_name: 'n' }, 'cards', [card('x')]).provide({
      actors: { record: fromPromise(async () => Promise.reject(new Error('storage full'))) },
    });
    const a = createActor(m).start();
    a.send({ type: 'submit' });
    await waitFor(a, (s) => s.context.failure !== null);
    expect(a.getSnapshot().context.failure).toBe('storage full');
    expect(a.getSnapshot().value).toBe('editing');
  });

  it('keeps the editor open on a frame without its material, the error at that frame, until it is uploaded', async () => {
    const recorded: unknown[] = [];
    const image = { mediaType: 'image' as const, mediaUrl: '', textContent: '' };
    const m = templateEditorMachine(videoTemplateFormSchema, { cus_id: 'EP0001', title: '标题' }, 'frames', [frame('a'), image]).provide({
      actors: { record: fromPromise(async ({ input }) => (recorded.push(input), 'E3')) },
    });
    const a = createActor(m).start();
    a.send({ type: 'submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toEqual({ 'frames.1.mediaUrl': 'v.template.frameMaterialRequired' });
    expect(recorded).toEqual([]);
    a.send({ type: 'item.set', index: 1, patch: { mediaUrl: '/m/1.png' } });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'submit' });
    await waitFor(a, (s) => s.status === 'done');
    expect(recorded).toHaveLength(1);
  });

  it('reopens a refused command with what was typed: the fields of the form and its list', () => {
    const defaults = { cus_id: '', title: '', remark: '' };
    const payload = { cus_id: 'EP0001', title: 'Launch', remark: 'r', frames: [frame('a')], extra: 1 };
    expect(seedFrom(defaults, 'frames', [], payload)).toEqual({ values: { cus_id: 'EP0001', title: 'Launch', remark: 'r' }, items: [frame('a')] });
    expect(seedFrom(defaults, 'frames', [frame('new')])).toEqual({ values: defaults, items: [frame('new')] });
  });

  it('moves nothing past either end', () => {
    expect(moveItem([1, 2], 0, -1)).toEqual([1, 2]);
    expect(moveItem([1, 2], 1, 1)).toEqual([1, 2]);
    expect(moveItem([1, 2], 1, -1)).toEqual([2, 1]);
  });
});
