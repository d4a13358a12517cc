import { describe, expect, it } from 'vitest';
import {
  contentTemplateFormSchema,
  contentTemplateModSchema,
  cspTemplateFormSchema,
  videoTemplateFormSchema,
} from './template.rules';

type R = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const issues = (r: R) => (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
const card = {
  cardSeq: 1,
  mediaType: 'image' as const,
  mediaUrl: '/m/1.png',
  cardTitle: 'Sale',
  textContent: 'Up to 50% off',
  buttons: [{ buttonName: 'Open' }],
};
const csp = { cus_id: 'c1', chatbot_id: 'bot1', template_name: 'Promo', cards: [card] };

describe('template rules', () => {
  it('content template: content required, keyword optional', () => {
    expect(
      contentTemplateFormSchema.safeParse({ cus_id: 'c1', template_content: 'Your code is ${p1}' }).data?.keyword,
    ).toBe('');
    expect(issues(contentTemplateFormSchema.safeParse({ cus_id: 'c1', template_content: '  ' }))).toEqual([
      ['template_content', 'v.template.contentRequired'],
    ]);
    expect(issues(contentTemplateFormSchema.safeParse({ cus_id: '', template_content: 'x' }))).toEqual([
      ['cus_id', 'v.template.accountRequired'],
    ]);
  });
  it('content template: a ${…} that is no ${pN} is refused, named; a change is held to the same rule', () => {
    const r = contentTemplateFormSchema.safeParse({ cus_id: 'c1', template_content: 'Dear ${name}, code ${p1}' });
    expect(issues(r)).toEqual([['template_content', 'v.template.placeholderInvalid']]);
    expect(r.error?.issues[0]).toMatchObject({ params: { names: '${name}' } });
    expect(issues(contentTemplateModSchema.safeParse({ template_id: 'CT1', template_content: 'Hi ${p0}' }))).toEqual([
      ['template_content', 'v.template.placeholderInvalid'],
    ]);
    expect(contentTemplateModSchema.safeParse({ template_id: 'CT1', template_content: 'Hi ${p1}' }).data).toEqual({
      template_id: 'CT1',
      template_content: 'Hi ${p1}',
      keyword: '',
    });
    expect(issues(contentTemplateModSchema.safeParse({ template_id: ' ', template_content: 'x' }))).toEqual([
      ['template_id', 'v.template.idRequired'],
    ]);
  });
  it('video template: every frame but a text one needs its material, told at that frame', () => {
    const ok = { mediaType: 'video', mediaUrl: '/m/a.mp4', textContent: 'hello' };
    const text = { mediaType: 'text', mediaUrl: '', textContent: 'words' };
    const empty = { mediaType: 'image', mediaUrl: '', textContent: '' };
    expect(videoTemplateFormSchema.safeParse({ cus_id: 'c1', title: 'x', frames: [ok, text] }).success).toBe(true);
    expect(
      issues(
        videoTemplateFormSchema.safeParse({
          cus_id: 'c1',
          title: 'x',
          frames: [ok, empty, text, { ...empty, mediaUrl: ' ' }],
        }),
      ),
    ).toEqual([
      ['frames.1.mediaUrl', 'v.template.frameMaterialRequired'],
      ['frames.3.mediaUrl', 'v.template.frameMaterialRequired'],
    ]);
    expect(
      issues(cspTemplateFormSchema.safeParse({ ...csp, low_type: '2', videoTitle: 't', videoFrames: [empty] })),
    ).toEqual([['videoFrames.0.mediaUrl', 'v.template.frameMaterialRequired']]);
  });
  it('video template: title and at least one frame', () => {
    const frame = { mediaType: 'video', mediaUrl: '/m/a.mp4', textContent: 'hello' };
    expect(videoTemplateFormSchema.safeParse({ cus_id: 'c1', title: 'Launch', frames: [frame] }).success).toBe(true);
    expect(issues(videoTemplateFormSchema.safeParse({ cus_id: 'c1', title: '', frames: [frame] }))).toEqual([
      ['title', 'v.template.titleRequired'],
    ]);
    expect(issues(videoTemplateFormSchema.safeParse({ cus_id: 'c1', title: 'x', frames: [] }))).toEqual([
      ['frames', 'v.template.framesRequired'],
    ]);
    expect(
      issues(videoTemplateFormSchema.safeParse({ cus_id: 'c1', title: 'x', frames: Array(21).fill(frame) })),
    ).toEqual([['frames', 'v.template.tooManyFrames']]);
  });
  it('CSP template: name, chatbot, cards', () => {
    expect(cspTemplateFormSchema.safeParse(csp).data?.low_type).toBe('');
    expect(issues(cspTemplateFormSchema.safeParse({ ...csp, chatbot_id: '' }))).toEqual([
      ['chatbot_id', 'v.template.chatbotRequired'],
    ]);
    expect(issues(cspTemplateFormSchema.safeParse({ ...csp, cards: [] }))).toEqual([
      ['cards', 'v.template.cardsRequired'],
    ]);
    expect(issues(cspTemplateFormSchema.safeParse({ ...csp, low_type: '1,4' }))[0]).toEqual([
      'low_type',
      'v.template.lowTypeInvalid',
    ]);
  });
  it('CSP template: the fallbacks low_type promises must be given', () => {
    expect(issues(cspTemplateFormSchema.safeParse({ ...csp, low_type: '1,2,3' }))).toEqual([
      ['smsContent', 'v.template.smsFallbackRequired'],
      ['videoFrames', 'v.template.videoFallbackRequired'],
      ['readContent', 'v.template.readFallbackRequired'],
    ]);
    const full = {
      ...csp,
      low_type: '1,2,3',
      smsContent: 'Sale today',
      videoTitle: 'Sale',
      videoFrames: [{ mediaType: 'image', mediaUrl: '/m/1.png', textContent: '' }],
      readContent: 'Sale',
    };
    expect(issues(cspTemplateFormSchema.safeParse(full))).toEqual([]);
  });
});
