import type { Queryable } from '../db/db';

// What a video or card send reads of the account's templates and chatbots.

/** The name a send by template id shows in its records: the account's template's own (its id alone said nothing to
 * the reader); null when the account has no such template. */
export async function templateName(
  q: Queryable,
  kind: 'video' | 'csp',
  id: string,
  cusId: string,
): Promise<string | null> {
  const sql =
    kind === 'video'
      ? 'select title as name from video_templates where cus_template_id = $1 and cus_id = $2'
      : 'select template_name as name from csp_templates where template_id = $1 and cus_id = $2';
  const [row] = await q.query<{ name: string }>(sql, [id, cusId]);
  return row?.name?.trim() || null;
}

/** Whether the account has this chatbot. */
export async function hasChatbot(q: Queryable, cusId: string, chatbotId: string): Promise<boolean> {
  const [bot] = await q.query('select 1 from chatbots where chatbot_id = $1 and cus_id = $2', [chatbotId, cusId]);
  return bot !== undefined;
}
