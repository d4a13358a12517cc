import { ulid } from 'ulid';
import type { VideoFrame, RichCard } from '../../contract/entities.schema';
import type {
  ContentTemplateForm,
  ContentTemplateMod,
  CspTemplateForm,
  VideoTemplateForm,
} from '../../contract/validation/template.rules';
import type { CurrentUser } from '../core/current-user';
import { canSee } from '../auth/scope';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import type { Source } from '../lists/list-query';
import { fileIdOfUrl, findFile } from './files';
import { notifyLibrary } from './notify';

// Template submissions: each starts pending with review_at set, so the review simulator (review.ts) takes
// it up after SIM_REVIEW_MS. The account must be one the caller may act for.

export function ownAccount(user: CurrentUser, cusId: string): string {
  if (!canSee(user, cusId, 'data')) throw badRequest('library.accountNotVisible', {}, 'cus_id');
  return cusId;
}

const reviewAt = (ctx: AppContext) => new Date(ctx.now().getTime() + ctx.config.simulator.reviewMs);

export async function addContentTemplate(
  ctx: AppContext,
  user: CurrentUser,
  form: ContentTemplateForm,
): Promise<string> {
  const cusId = ownAccount(user, form.cus_id);
  const id = `CT${ulid()}`;
  await ctx.db.query(
    'insert into content_templates(template_id, cus_id, template_content, keyword, check_status, create_time, review_at) values ($1,$2,$3,$4,0,$5,$6)',
    [id, cusId, form.template_content, form.keyword, ctx.now(), reviewAt(ctx)],
  );
  await notifyLibrary(ctx.db, 'contentTemplate', [cusId]);
  return id;
}

/** A changed content template goes back to review from whatever state it was in: the carrier approved the old text,
 * not this one, and a rejected one is how its owner fixes what the review found. The earlier verdict is cleared. */
export async function modContentTemplate(
  ctx: AppContext,
  t: { template_id: string; cus_id: string },
  form: ContentTemplateMod,
): Promise<void> {
  await ctx.db.query(
    `update content_templates set template_content = $2, keyword = $3, check_status = 0, result_desc = null, check_time = null, review_at = $4
      where template_id = $1`,
    [t.template_id, form.template_content, form.keyword, reviewAt(ctx)],
  );
  await notifyLibrary(ctx.db, 'contentTemplate', [t.cus_id]);
}

/** Checks that every non-empty media url is a material of this account of the right kind; answers their total bytes. */
async function materialBytes(
  ctx: AppContext,
  cusId: string,
  media: Array<{ mediaType: string; mediaUrl: string }>,
  field: string,
): Promise<number> {
  let total = 0;
  for (const [i, m] of media.entries()) {
    if (m.mediaType === 'text' || m.mediaUrl === '') {
      if (m.mediaType !== 'text' && m.mediaUrl === '')
        throw badRequest('library.materialNotFound', {}, `${field}.${i}.mediaUrl`);
      continue;
    }
    const fileId = fileIdOfUrl(m.mediaUrl);
    const file = fileId ? await findFile(ctx.db, fileId, [cusId]) : null;
    if (!file || file.kind !== 'media') throw badRequest('library.materialNotFound', {}, `${field}.${i}.mediaUrl`);
    if (!file.content_type.startsWith(`${m.mediaType}/`))
      throw badRequest('library.materialWrongKind', {}, `${field}.${i}.mediaType`);
    total += file.size;
  }
  return total;
}

export async function addVideoTemplate(ctx: AppContext, user: CurrentUser, form: VideoTemplateForm): Promise<string> {
  const cusId = ownAccount(user, form.cus_id);
  const frames: VideoFrame[] = form.frames;
  const size =
    (await materialBytes(ctx, cusId, frames, 'frames')) +
    frames.reduce((n, f) => n + Buffer.byteLength(f.textContent), 0);
  const id = `VT${ulid()}`;
  const now = ctx.now();
  await ctx.db.query(
    `insert into video_templates(cus_template_id, cus_id, title, template_sign, remark, frames, size, status, create_time, update_time, review_at)
     values ($1,$2,$3,$4,$5,$6::jsonb,$7,5,$8,$8,$9)`,
    [id, cusId, form.title, form.template_sign, form.remark, JSON.stringify(frames), size, now, reviewAt(ctx)],
  );
  await notifyLibrary(ctx.db, 'videoTemplate', [cusId]);
  return id;
}

export async function addCspTemplate(ctx: AppContext, user: CurrentUser, form: CspTemplateForm): Promise<string> {
  const cusId = ownAccount(user, form.cus_id);
  const [bot] = await ctx.db.query('select 1 from chatbots where chatbot_id = $1 and cus_id = $2', [
    form.chatbot_id,
    cusId,
  ]);
  if (!bot) throw badRequest('library.chatbotNotFound', {}, 'chatbot_id');
  const cards: RichCard[] = [...form.cards].sort((a, b) => a.cardSeq - b.cardSeq);
  await materialBytes(ctx, cusId, cards, 'cards');
  await materialBytes(ctx, cusId, form.videoFrames, 'videoFrames');
  const content = {
    cards,
    smsContent: form.smsContent,
    videoTitle: form.videoTitle,
    videoFrames: form.videoFrames,
    readContent: form.readContent,
  };
  const id = `CS${ulid()}`;
  await ctx.db.query(
    `insert into csp_templates(template_id, cus_id, chatbot_id, template_name, autograph, low_type, content, template_status, create_time, review_at)
     values ($1,$2,$3,$4,$5,$6,$7::jsonb,0,$8,$9)`,
    [
      id,
      cusId,
      form.chatbot_id,
      form.template_name,
      form.autograph,
      form.low_type,
      JSON.stringify(content),
      ctx.now(),
      reviewAt(ctx),
    ],
  );
  await notifyLibrary(ctx.db, 'cspTemplate', [cusId]);
  return id;
}

/** A live template of one of cusIds whose `column` (of the source's alias) equals value. */
export async function templateBy<T>(
  q: Queryable,
  source: Source,
  column: string,
  value: string,
  cusIds: string[],
): Promise<T | undefined> {
  const [row] = await q.query<T>(
    `select ${source.select} from ${source.from} where ${column} = $1 and ${source.scope} = any($2::text[]) and ${source.base}`,
    [value, cusIds],
  );
  return row;
}

/** A deleted video template stays listed with status 4. */
export async function deleteVideoTemplate(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(
    'update video_templates set status = 4, review_at = null, update_time = $2 where cus_template_id = $1',
    [id, now],
  );
}

export async function deleteCspTemplate(q: Queryable, id: string): Promise<void> {
  await q.query('update csp_templates set deleted = true, review_at = null where template_id = $1', [id]);
}

export async function deleteContentTemplate(q: Queryable, id: string): Promise<void> {
  await q.query('update content_templates set deleted = true, review_at = null where template_id = $1', [id]);
}

/** The account's approved video templates as picker options, newest first. */
export function approvedVideoTemplates(q: Queryable, cusId: string) {
  return q.query<{ label: string; value: string }>(
    'select title as label, cus_template_id as value from video_templates where cus_id = $1 and status = 2 and deleted = false order by create_time desc',
    [cusId],
  );
}

/** The account's approved CSP templates of one chatbot as picker options, newest first. */
export function approvedCspTemplates(q: Queryable, cusId: string, chatbotId: string) {
  return q.query<{ label: string; value: string }>(
    'select template_name as label, template_id as value from csp_templates where cus_id = $1 and chatbot_id = $2 and template_status = 4 and deleted = false order by create_time desc',
    [cusId, chatbotId],
  );
}
