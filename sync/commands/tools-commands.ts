import { messageInteractSendEndpoint } from '../../contract/endpoints/interact.endpoints';
import { aimMaterialDeleteEndpoint, batchCheckEndpoint } from '../../contract/endpoints/number-check.endpoints';
import { longToShortEndpoint } from '../../contract/endpoints/short-link.endpoints';
import type { CommandTable } from './command';

// Tools commands through the event log and the outbox with Idempotency-Key = event id: a reply is sent
// once, a batch check accepted once, however often the push is retried.
export const TOOLS_COMMANDS: CommandTable = {
  'shortLink.create': {
    endpoint: longToShortEndpoint,
    body: (p) => ({ longUrl: p.longUrl, expiresAt: p.expiresAt ?? null }),
  },
  'numberCheck.batch': {
    endpoint: batchCheckEndpoint,
    body: (p) => ({ fileId: p.fileId, mobiles: p.mobiles, batch_name: p.batch_name, cus_id: p.cus_id }),
  },
  'material.delete': { endpoint: aimMaterialDeleteEndpoint, body: (p) => ({ material_id: p.material_id }) },
  'interact.reply': {
    endpoint: messageInteractSendEndpoint,
    body: (p) => ({ cus_id: p.cus_id, decodeMobile: p.decodeMobile, content: p.content }),
  },
};

/** Replies in one conversation go out in order; other tools per account. */
export const conversationAggregate = (cusId: string, mobile: string) => `conversation:${cusId}:${mobile}`;
export const toolsAggregate = (cusId: string) => `tools:${cusId}`;
