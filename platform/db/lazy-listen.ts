import type { AppContext } from '../context';

/**
 * LISTEN on a channel on first need, once per process; the listener goes when the platform closes. A LISTEN that
 * failed (the database restarting) is not remembered: the next caller tries again, instead of every later caller
 * hearing the same old failure.
 */
export function lazyListen(ctx: AppContext, channel: string, onPayload: (payload: string) => void): () => Promise<void> {
  let listening: Promise<void> | null = null;
  return () =>
    (listening ??= ctx.db.listen(channel, onPayload).then(
      (off) => ctx.onClose(off),
      (err) => {
        listening = null;
        throw err;
      },
    ));
}
