import type { FastifyInstance } from 'fastify';
import { templateAddEndpoint } from '../../contract/endpoints/account.endpoints';
import {
  contentTemplateAddEndpoint,
  contentTemplateDeleteEndpoint,
  contentTemplateListEndpoint,
  contentTemplateModEndpoint,
  cspTemplateAddEndpoint,
  cspTemplateDelEndpoint,
  cspTemplateDownloadEndpoint,
  cspTemplateListEndpoint,
  getCspSendContentEndpoint,
  getCspTemplateByGateTemplateIdEndpoint,
  getCspTemplateEndpoint,
  getVideoSendContentEndpoint,
  getVideoTemplateByGateTemplateIdEndpoint,
  getVideoTemplateEndpoint,
  videoTemplateDelEndpoint,
  videoTemplateDownloadEndpoint,
  videoTemplateListEndpoint,
} from '../../contract/endpoints/template.endpoints';
import type { CspTemplateDoc, VideoTemplateDoc } from '../../contract/library.schema';
import { maxPlaceholderIndex } from '../../contract/validation/template-placeholders';
import { readableCusIds, scopeCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { badRequest } from '../http/api-error';
import { route } from '../http/route';
import { notifyLibrary } from './notify';
import { LIBRARY_SOURCES, withoutFeed } from './sources';
import {
  addContentTemplate,
  addCspTemplate,
  addVideoTemplate,
  approvedCspTemplates,
  approvedVideoTemplates,
  deleteContentTemplate,
  deleteCspTemplate,
  deleteVideoTemplate,
  modContentTemplate,
  ownAccount,
  templateBy,
} from './templates';
import { pageOf, whereOf, type Filters, type Source } from '../lists/list-query';
import { sendXlsx, type Column } from '../lists/xlsx-export';

// Content, video and CSP templates. Lists are scoped like records; single-template calls answer
// "no such template" for anything the caller may not see, so another account's ids reveal nothing.

type Body = Record<string, unknown> & { cus_id?: string };
const VIDEO = LIBRARY_SOURCES.videoTemplate;
const CSP = LIBRARY_SOURCES.cspTemplate;
const CONTENT = LIBRARY_SOURCES.contentTemplate;

const videoFilters: Filters<Body> = {
  title: { op: 'contains', column: 'vt.title' },
  startTime: { op: 'from', column: 'vt.create_time' },
  endTime: { op: 'to', column: 'vt.create_time' },
};
const cspFilters: Filters<Body> = {
  chatbot_id: { op: 'eq', column: 'cs.chatbot_id' },
  template_name: { op: 'contains', column: 'cs.template_name' },
  startTime: { op: 'from', column: 'cs.create_time' },
  endTime: { op: 'to', column: 'cs.create_time' },
};
const contentFilters: Filters<Body> = {
  check_status: { op: 'eq', column: 'ct.check_status' },
  startTime: { op: 'from', column: 'ct.create_time' },
  endTime: { op: 'to', column: 'ct.create_time' },
};

async function one<T>(ctx: AppContext, source: Source, column: string, value: string, cusIds: string[]): Promise<T> {
  const row = await templateBy<T>(ctx.db, source, column, value, cusIds);
  if (!row) throw badRequest('library.templateNotFound');
  return row;
}

/** The xlsx a personalised send with this template is filled in: mobile, then p1..pN. */
function importSheet(
  c: { reply: import('fastify').FastifyReply; lang: 'zh' | 'en' },
  name: string,
  placeholders: number,
) {
  const columns: Column<Record<string, never>>[] = [
    { label: { zh: '手机号', en: 'mobile' }, value: () => '' },
    ...Array.from({ length: placeholders }, (_, i) => ({
      label: { zh: `p${i + 1}`, en: `p${i + 1}` },
      value: () => '',
    })),
  ];
  return sendXlsx(c.reply, c.lang, name, columns, (async function* () {})());
}

const videoPlaceholders = (t: Pick<VideoTemplateDoc, 'title' | 'frames'>) =>
  maxPlaceholderIndex([t.title, ...t.frames.map((f) => f.textContent)].join('\n'));
const cspPlaceholders = (t: Pick<CspTemplateDoc, 'cards' | 'smsContent' | 'readContent' | 'videoFrames'>) =>
  maxPlaceholderIndex(
    [
      ...t.cards.flatMap((c) => [c.cardTitle, c.textContent]),
      t.smsContent,
      t.readContent,
      ...t.videoFrames.map((f) => f.textContent),
    ].join('\n'),
  );

export function registerTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  // --- video templates ---
  route(
    app,
    ctx,
    templateAddEndpoint,
    async (c) => {
      const id = await addVideoTemplate(ctx, c.user!, c.body);
      c.message('common.added');
      return { cus_template_id: id };
    },
    { idempotent: true },
  );

  route(app, ctx, videoTemplateListEndpoint, async ({ body, user }) => {
    const w = whereOf(VIDEO, videoFilters, body as Body, user!, scopeCusIds(user!, body.cus_id));
    if (body.status !== undefined)
      w.add(body.status === 5 ? 'vt.status in (5, 0)' : `vt.status = ${w.bind(body.status)}`);
    const page = await pageOf<VideoTemplateDoc>(ctx.db, VIDEO, w, body);
    return { ...page, data: page.data.map(({ frames: _f, result_desc: _r, ...t }) => withoutFeed(t)) };
  });

  route(
    app,
    ctx,
    videoTemplateDelEndpoint,
    async (c) => {
      const t = await one<VideoTemplateDoc>(
        ctx,
        VIDEO,
        'vt.cus_template_id',
        c.body.cus_template_id,
        readableCusIds(c.user!, 'data'),
      );
      await deleteVideoTemplate(ctx.db, t.cus_template_id, ctx.now());
      await notifyLibrary(ctx.db, 'videoTemplate', [t.cus_id]);
      c.message('common.deleted');
    },
    { idempotent: true },
  );

  route(app, ctx, getVideoTemplateEndpoint, async ({ body, user }) => {
    const cusId = ownAccount(user!, body.cus_id);
    return approvedVideoTemplates(ctx.db, cusId);
  });

  route(app, ctx, getVideoTemplateByGateTemplateIdEndpoint, async ({ body, user }) => {
    const { result_desc: _r, ...t } = await one<VideoTemplateDoc>(
      ctx,
      VIDEO,
      'vt.gate_template_id',
      body.gate_template_id,
      readableCusIds(user!, 'data'),
    );
    return withoutFeed(t);
  });

  route(app, ctx, getVideoSendContentEndpoint, async ({ body, user }) => {
    const t = await one<VideoTemplateDoc>(
      ctx,
      VIDEO,
      'vt.cus_template_id',
      body.cus_template_id,
      readableCusIds(user!, 'data'),
    );
    return { title: t.title, frames: t.frames, maxPlaceholder: videoPlaceholders(t) };
  });

  route(app, ctx, videoTemplateDownloadEndpoint, async (c) => {
    const t = await one<VideoTemplateDoc>(
      ctx,
      VIDEO,
      'vt.cus_template_id',
      c.body.cus_template_id,
      readableCusIds(c.user!, 'data'),
    );
    await importSheet(c, 'video-template', videoPlaceholders(t));
  });

  // --- CSP templates ---
  route(app, ctx, cspTemplateListEndpoint, async ({ body, user }) => {
    const w = whereOf(CSP, cspFilters, body as Body, user!, scopeCusIds(user!, body.cus_id));
    if (body.template_status !== undefined)
      w.add(
        body.template_status >= 1 && body.template_status <= 3
          ? 'cs.template_status between 1 and 3'
          : `cs.template_status = ${w.bind(body.template_status)}`,
      );
    const page = await pageOf<CspTemplateDoc>(ctx.db, CSP, w, body);
    return {
      ...page,
      data: page.data.map(
        ({ cards: _c, smsContent: _s, videoTitle: _vt, videoFrames: _vf, readContent: _rc, result_desc: _r, ...t }) =>
          withoutFeed(t),
      ),
    };
  });

  route(
    app,
    ctx,
    cspTemplateAddEndpoint,
    async (c) => {
      const id = await addCspTemplate(ctx, c.user!, c.body);
      c.message('common.added');
      return { template_id: id };
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    cspTemplateDelEndpoint,
    async (c) => {
      const t = await one<CspTemplateDoc>(
        ctx,
        CSP,
        'cs.template_id',
        c.body.template_id,
        readableCusIds(c.user!, 'data'),
      );
      await deleteCspTemplate(ctx.db, t.template_id);
      await notifyLibrary(ctx.db, 'cspTemplate', [t.cus_id]);
      c.message('common.deleted');
    },
    { idempotent: true },
  );

  route(app, ctx, getCspTemplateEndpoint, async ({ body, user }) => {
    const cusId = ownAccount(user!, body.cus_id);
    return approvedCspTemplates(ctx.db, cusId, body.chatbot_id);
  });

  route(app, ctx, getCspTemplateByGateTemplateIdEndpoint, async ({ body, user }) => {
    const { result_desc: _r, ...t } = await one<CspTemplateDoc>(
      ctx,
      CSP,
      'cs.gate_template_id',
      body.gate_template_id,
      readableCusIds(user!, 'data'),
    );
    return withoutFeed(t);
  });

  route(app, ctx, getCspSendContentEndpoint, async ({ body, user }) => {
    const t = await one<CspTemplateDoc>(ctx, CSP, 'cs.template_id', body.template_id, readableCusIds(user!, 'data'));
    return {
      cards: t.cards,
      smsContent: t.smsContent,
      videoTitle: t.videoTitle,
      videoFrames: t.videoFrames,
      readContent: t.readContent,
      low_type: t.low_type,
      maxPlaceholder: cspPlaceholders(t),
    };
  });

  route(app, ctx, cspTemplateDownloadEndpoint, async (c) => {
    const t = await one<CspTemplateDoc>(
      ctx,
      CSP,
      'cs.template_id',
      c.body.template_id,
      readableCusIds(c.user!, 'data'),
    );
    await importSheet(c, 'csp-template', cspPlaceholders(t));
  });

  // --- content templates ---
  route(app, ctx, contentTemplateListEndpoint, async ({ body, user }) => {
    const w = whereOf(CONTENT, contentFilters, body as Body, user!, scopeCusIds(user!, body.cus_id));
    if (body.keyword) {
      const k = w.bind(body.keyword);
      w.add(`(strpos(ct.keyword, ${k}) > 0 or strpos(ct.template_content, ${k}) > 0)`);
    }
    const page = await pageOf<Record<string, unknown>>(ctx.db, CONTENT, w, body);
    return { ...page, data: page.data.map(withoutFeed) as never };
  });

  route(
    app,
    ctx,
    contentTemplateAddEndpoint,
    async (c) => {
      const id = await addContentTemplate(ctx, c.user!, c.body);
      c.message('common.added');
      return { template_id: id };
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    contentTemplateModEndpoint,
    async (c) => {
      const t = await one<{ template_id: string; cus_id: string }>(
        ctx,
        CONTENT,
        'ct.template_id',
        c.body.template_id,
        readableCusIds(c.user!, 'data'),
      );
      await modContentTemplate(ctx, t, c.body);
      c.message('common.updated');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    contentTemplateDeleteEndpoint,
    async (c) => {
      const t = await one<{ template_id: string; cus_id: string }>(
        ctx,
        CONTENT,
        'ct.template_id',
        c.body.template_id,
        readableCusIds(c.user!, 'data'),
      );
      await deleteContentTemplate(ctx.db, t.template_id);
      await notifyLibrary(ctx.db, 'contentTemplate', [t.cus_id]);
      c.message('common.deleted');
    },
    { idempotent: true },
  );
}
