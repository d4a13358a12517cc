import { IDLE_MS, restUntil, startLoop } from '../core/background-loop';
import { nudgeOnChanges } from '../feed/change-notices';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { TEMPLATE_LINKS, type TemplateKind } from '../notices/notice-links';
import { notify } from '../notices/notices';
import { notifyLibrary } from './notify';

// The carrier's template review, simulated: a new template waits SIM_REVIEW_MS, video and CSP templates then
// spend as long "in review" with a gateway id, and end approved or rejected with result_desc and check_time. A
// template whose text holds a banned word is rejected, so tests and demos can pick either outcome. Due templates are
// claimed with FOR UPDATE SKIP LOCKED, so several instances never review one twice. Each verdict is told to the
// template's account in the transaction that records it.

export const BANNED_WORDS = ['赌博', '博彩', '代开发票', 'casino'];
const APPROVED_DESC = '审核通过';
const rejectedDesc = (word: string) => `内容含违禁词：${word}`;

const bannedIn = (text: string) => BANNED_WORDS.find((w) => text.toLowerCase().includes(w));

interface Due {
  id: string;
  cus_id: string;
  status: number;
  text: string;
  /** what its owner knows it by: the content template's text, the video's title, the CSP template's name. */
  name: string;
}

async function claim(
  q: Queryable,
  table: string,
  key: string,
  status: string,
  textSql: string,
  nameSql: string,
  now: Date,
): Promise<Due[]> {
  return q.query<Due>(
    `select ${key} as id, cus_id, ${status} as status, ${textSql} as text, ${nameSql} as name from ${table}
      where review_at is not null and review_at <= $1 and deleted = false order by review_at limit 200 for update skip locked`,
    [now],
  );
}

/** The notice of a template's verdict (`word`: the banned word that rejected it). */
const verdict = (kind: TemplateKind, t: Due, word: string | undefined) => ({
  cusId: t.cus_id,
  kind: word ? ('templateRejected' as const) : ('templateApproved' as const),
  params: { templateKind: kind, templateId: t.id, name: t.name, ...(word ? { reason: rejectedDesc(word) } : {}) },
  link: TEMPLATE_LINKS[kind],
});

/** One pass over every due template; answers how many moved. */
export async function reviewDue(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const half = new Date(now.getTime() + Math.max(1, Math.round(ctx.config.simulator.reviewMs / 2)));
  const touched = new Map<string, Set<string>>();
  const touch = (resource: string, cusId: string) => {
    if (!touched.has(resource)) touched.set(resource, new Set());
    touched.get(resource)!.add(cusId);
  };
  let moved = 0;
  await ctx.db.tx(async (q) => {
    for (const t of await claim(
      q,
      'content_templates',
      'template_id',
      'check_status',
      "template_content || ' ' || keyword",
      'template_content',
      now,
    )) {
      const word = bannedIn(t.text);
      await q.query(
        'update content_templates set check_status = $2, result_desc = $3, check_time = $4, review_at = null where template_id = $1',
        [t.id, word ? 3 : 2, word ? rejectedDesc(word) : APPROVED_DESC, now],
      );
      await notify(q, verdict('content', t, word));
      touch('contentTemplate', t.cus_id);
      moved++;
    }
    for (const t of await claim(
      q,
      'video_templates',
      'cus_template_id',
      'status',
      "title || ' ' || remark || ' ' || frames::text",
      'title',
      now,
    )) {
      if (t.status === 5 || t.status === 0) {
        await q.query(
          `update video_templates set status = 1, gate_template_id = 'GV' || cus_template_id, review_at = $2, update_time = $3 where cus_template_id = $1`,
          [t.id, half, now],
        );
      } else {
        const word = bannedIn(t.text);
        await q.query(
          'update video_templates set status = $2, result_desc = $3, review_at = null, update_time = $4 where cus_template_id = $1',
          [t.id, word ? 3 : 2, word ? rejectedDesc(word) : APPROVED_DESC, now],
        );
        await notify(q, verdict('video', t, word));
      }
      touch('videoTemplate', t.cus_id);
      moved++;
    }
    for (const t of await claim(
      q,
      'csp_templates',
      'template_id',
      'template_status',
      "template_name || ' ' || content::text",
      'template_name',
      now,
    )) {
      if (t.status === 0) {
        await q.query(
          `update csp_templates set template_status = 1, gate_template_id = 'GC' || template_id, review_at = $2 where template_id = $1`,
          [t.id, half],
        );
      } else {
        const word = bannedIn(t.text);
        await q.query(
          'update csp_templates set template_status = $2, result_desc = $3, review_at = null where template_id = $1',
          [t.id, word ? 5 : 4, word ? rejectedDesc(word) : APPROVED_DESC],
        );
        await notify(q, verdict('csp', t, word));
      }
      touch('cspTemplate', t.cus_id);
      moved++;
    }
  });
  for (const [resource, cusIds] of touched) await notifyLibrary(ctx.db, resource, [...cusIds]);
  return moved;
}

/** When the next template's review step is due (null: none waits). */
async function nextReviewAt(q: Queryable): Promise<Date | null> {
  const rows = await q.query<{ at: Date | null }>(
    `select min(at) as at from (select min(review_at) as at from content_templates where not deleted
      union all select min(review_at) from video_templates where not deleted union all select min(review_at) from csp_templates where not deleted) t`,
  );
  return rows[0]?.at ?? null;
}

/** Runs reviewDue in the background, a quarter of the review delay at most after a step is due; stopped through
 * ctx.onClose. */
export function startReviewSimulator(ctx: AppContext): void {
  const intervalMs = Math.min(500, Math.max(20, ctx.config.simulator.reviewMs / 4));
  const loop = startLoop(
    ctx,
    'template review',
    intervalMs,
    async () => ((await reviewDue(ctx)) > 0 ? undefined : restUntil(ctx.now(), await nextReviewAt(ctx.db))),
    IDLE_MS,
  );
  nudgeOnChanges(ctx, loop);
}
