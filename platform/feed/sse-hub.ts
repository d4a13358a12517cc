import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import type { AppContext } from '../core/context';
import { sharedListen } from '../db/shared-listen';
import { CHANGES_CHANNEL } from './change-notices';

// One LISTEN 'changes' per platform instance (shared with the loops it nudges), fanned out in memory to its SSE
// clients. With PostgreSQL every instance receives every notice, so a client connected anywhere hears about writes
// made anywhere.

export interface Change {
  resource: FeedResource;
  seq: number;
}
interface Client {
  cusIds: Set<string>;
  send: (c: Change) => void;
}

export interface SseHub {
  /** subscribe a client to changes of its accounts; resolves to the unsubscribe function. */
  subscribe(cusIds: string[], send: (c: Change) => void): Promise<() => void>;
  readonly size: number;
}

export function createSseHub(ctx: AppContext): SseHub {
  const clients = new Set<Client>();

  const onNotice = async (payload: string) => {
    let notice: { resource?: FeedResource; cus_ids?: string[]; seq?: number };
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (!notice.resource || !Array.isArray(notice.cus_ids) || clients.size === 0) return;
    // the notifier sends no seq: the sequence's last value bounds every change committed so far
    const seq =
      notice.seq ??
      Number((await ctx.db.query<{ v: number }>('select last_value::int8 as v from change_seq'))[0]?.v ?? 0);
    const change = { resource: notice.resource, seq };
    for (const c of clients) if (notice.cus_ids.some((id) => c.cusIds.has(id))) c.send(change);
  };

  // notices are handled one after another so clients see them in the order they were sent
  let queue = Promise.resolve();
  const enqueue = (payload: string) => {
    // the LISTEN is shared with the background loops, so notices come with no client here: none is read then
    if (clients.size === 0) return;
    queue = queue.then(() => onNotice(payload)).catch((err) => ctx.log.warn({ err }, 'change notice failed'));
  };
  const ensureListening = sharedListen(ctx, CHANGES_CHANNEL, enqueue);
  ctx.onClose(() => clients.clear());

  return {
    async subscribe(cusIds, send) {
      await ensureListening();
      const client = { cusIds: new Set(cusIds), send };
      clients.add(client);
      return () => void clients.delete(client);
    },
    get size() {
      return clients.size;
    },
  };
}
