import { describe, expect, it } from 'vitest';
import {
  cspTemplateAddEndpoint,
  cspTemplateListEndpoint,
  videoTemplateDelEndpoint,
  videoTemplateDownloadEndpoint,
  videoTemplateListEndpoint,
} from './template.endpoints';

describe('template endpoints', () => {
  it('lists page and treat blank filters as unset', () => {
    expect(videoTemplateListEndpoint.request.parse({ status: '', title: '' })).toMatchObject({
      pageNumber: 1,
      pageSize: 20,
      status: undefined,
      title: undefined,
    });
    expect(cspTemplateListEndpoint.request.parse({ pageNumber: '2', template_status: '4' })).toMatchObject({
      pageNumber: 2,
      template_status: 4,
    });
  });
  it('ids are required with a catalogue key', () => {
    expect(videoTemplateDelEndpoint.request.safeParse({}).error?.issues[0].message).toBe('v.template.idRequired');
    expect(videoTemplateDownloadEndpoint.kind).toBe('file');
  });
  it('CSP add enforces the promised fallbacks', () => {
    const card = {
      cardSeq: 1,
      mediaType: 'image',
      mediaUrl: '/m/1.png',
      cardTitle: 'T',
      textContent: 'x',
      buttons: [],
    };
    const r = cspTemplateAddEndpoint.request.safeParse({
      cus_id: 'c1',
      chatbot_id: 'b1',
      template_name: 'n',
      low_type: '1',
      cards: [card],
    });
    expect(r.error?.issues[0]).toMatchObject({ path: ['smsContent'], message: 'v.template.smsFallbackRequired' });
  });
});
