import type { Db } from './db';

/** What a listener needs of the platform instance it listens for: its database, and where to register the stop that
 * runs when the instance closes (the application context is one). */
export interface ListenHost {
  db: Db;
  onClose: (stop: () => Promise<void> | void) => void;
}

/**
 * LISTEN on a channel on first need, once per process; the listener goes when the platform closes. A LISTEN that
 * failed (the database restarting) is not remembered: the next caller tries again, instead of every later caller
 * hearing the same old failure.
 */
export function lazyListen(
  ctx: ListenHost,
  channel: string,
  onPayload: (payload: string) => void,
): () => Promise<void> {
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
