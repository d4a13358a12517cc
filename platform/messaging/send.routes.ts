import type { FastifyInstance } from 'fastify';
import { ulid } from 'ulid';
import {
  cspSmsGroupSendEndpoint,
  groupSendEndpoint,
  inteGroupSendEndpoint,
  smsLinkGroupSendEndpoint,
  taokeGroupSendEndpoint,
  videoSmsGroupSendEndpoint,
} from '../../contract/endpoints/send.endpoints';
import type { CurrentUser } from '../core/current-user';
import { canSee } from '../auth/scope';
import type { AppContext } from '../core/context';
import { badRequest } from '../http/api-error';
import { route, type Call } from '../http/route';
import { parseDomesticSliced } from './numbers';
import { submitSend, type SendInput } from './send';
import { sendingAccount } from './send-account';
import { createShortLinks, deleteBatchShortLinks, shortUrlBase } from '../short-links/short-link.service';
import { hasChatbot, templateName } from './send-templates';

// The send calls. Every send honours Idempotency-Key: a retry answers the first result, charged once.
// Resumable (platform/http/route.ts): a send is several short transactions (the charge with its first records, then
// the rest a chunk at a time), never one as long as a 100,000-number send; submitSend finds a rerun's first run by key.
const RESUMABLE = { idempotent: 'resumable' } as const;

export function registerSendRoutes(app: FastifyInstance, ctx: AppContext): void {
  const send = (
    user: CurrentUser,
    call: Pick<Call<never, CurrentUser>, 'message' | 'idempotencyKey'>,
    input: SendInput,
  ) =>
    submitSend(ctx, user, { ...input, noticeWhenDone: true }, call.idempotencyKey).then((answer) => {
      call.message(answer.held_until ? 'policy.held' : answer.time_batch ? 'send.scheduled' : 'send.success');
      return answer;
    });

  route(app, ctx, groupSendEndpoint, (c) => send(c.user!, c, { ...c.body, prod_type: 0 }), RESUMABLE);

  /** A domestic send with one short link per recipient (so a click maps to its number), stored under the batch id the
   * send then uses; a refused send takes its links with it. */
  async function sendWithLinks(
    c: Pick<Call<never, CurrentUser>, 'user' | 'req' | 'message' | 'idempotencyKey'>,
    rest: Omit<SendInput, 'prod_type'>,
    longUrl: string,
    fill: (link: string) => string,
    review = false,
  ) {
    if (rest.content.trim() === '') throw badRequest('send.emptyContent', {}, 'content');
    await sendingAccount(ctx, c.user, rest.cus_id, 0);
    const parsed = await parseDomesticSliced(rest.mobiles);
    if (parsed.valid.length === 0) throw badRequest('send.noValidMobile', {}, 'mobiles');
    const batchId = ulid();
    const links = await createShortLinks(
      ctx,
      { cusId: rest.cus_id, longUrl, mobiles: parsed.valid, batchId, content: rest.content },
      { base: shortUrlBase(ctx, c.req.server.server) },
    );
    try {
      const contents = links.map((l) => ({ mobile: l.mobile, content: fill(l.shortUrl) }));
      const answer = await send(c.user, c, { ...rest, contents, prod_type: 0, batch_id: batchId, review });
      return {
        ...answer,
        invalidCount: parsed.invalidCount,
        repeatCount: parsed.repeatCount,
        short_link: links[0].shortUrl,
      };
    } catch (e) {
      await deleteBatchShortLinks(ctx.db, batchId);
      throw e;
    }
  }

  // marketing: the product link travels shortened with the unsubscribe hint, and always goes through review
  route(
    app,
    ctx,
    taokeGroupSendEndpoint,
    async (c) => {
      const { product_link, ...rest } = c.body;
      const marketing = { ...rest, category: 'marketing' as const };
      const { short_link: _link, ...answer } = await sendWithLinks(
        c,
        marketing,
        product_link,
        (link) => `${rest.content.trim()} ${link} 回T退订`,
        true,
      );
      return answer;
    },
    RESUMABLE,
  );

  route(
    app,
    ctx,
    smsLinkGroupSendEndpoint,
    (c) => {
      const { long_link, ...rest } = c.body;
      const fill = (link: string) =>
        rest.content.includes('{link}')
          ? rest.content.split('{link}').join(link)
          : rest.content.includes(long_link)
            ? rest.content.split(long_link).join(link)
            : `${rest.content} ${link}`;
      return sendWithLinks(c, rest, long_link, fill);
    },
    RESUMABLE,
  );

  route(app, ctx, inteGroupSendEndpoint, (c) => send(c.user!, c, { ...c.body, prod_type: 1 }), RESUMABLE);

  route(
    app,
    ctx,
    videoSmsGroupSendEndpoint,
    async (c) => {
      const { cus_template_id, title, frames, ...rest } = c.body;
      const text = (frames ?? [])
        .map((f) => f.textContent)
        .filter(Boolean)
        .join('\n');
      if (!cus_template_id && !(title && (frames?.length ?? 0) > 0))
        throw badRequest('send.videoContentRequired', {}, 'title');
      const subject =
        title || (await templateName(ctx.db, 'video', cus_template_id!, rest.cus_id)) || `#${cus_template_id}`;
      return send(c.user!, c, { ...rest, prod_type: 2, title: subject, content: text || subject });
    },
    RESUMABLE,
  );

  route(
    app,
    ctx,
    cspSmsGroupSendEndpoint,
    async (c) => {
      const { chatbot_id, template_id, template_name, ...rest } = c.body;
      if (!(await hasChatbot(ctx.db, rest.cus_id, chatbot_id)) && canSee(c.user, rest.cus_id, 'data'))
        throw badRequest('send.chatbotNotFound', {}, 'chatbot_id');
      const name =
        template_name ||
        (template_id ? ((await templateName(ctx.db, 'csp', template_id, rest.cus_id)) ?? `#${template_id}`) : null);
      return send(c.user!, c, { ...rest, prod_type: 6, title: name, content: rest.content.trim() || name || '' });
    },
    RESUMABLE,
  );
}
