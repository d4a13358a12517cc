import { lazyListen, type ListenHost } from './lazy-listen';

/**
 * A channel's notices for every part of one platform instance that waits on them, through one LISTEN (one connection
 * on PostgreSQL) however many parts listen. `onPayload` hears every notice from the first LISTEN on; the answer
 * starts that LISTEN on first need, as lazyListen's does.
 */
export function sharedListen(
  ctx: ListenHost,
  channel: string,
  onPayload: (payload: string) => void,
): () => Promise<void> {
  let channels = shared.get(ctx);
  if (!channels) shared.set(ctx, (channels = new Map()));
  let entry = channels.get(channel);
  if (!entry) {
    const handlers = new Set<(payload: string) => void>();
    entry = {
      handlers,
      ensure: lazyListen(ctx, channel, (payload) => {
        for (const h of handlers) h(payload);
      }),
    };
    channels.set(channel, entry);
  }
  entry.handlers.add(onPayload);
  return entry.ensure;
}

const shared = new WeakMap<
  ListenHost,
  Map<string, { handlers: Set<(payload: string) => void>; ensure: () => Promise<void> }>
>();
