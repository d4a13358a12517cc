// The change streams open on this instance, by session and by login, with their caps. One session holds at most
// STREAMS_PER_SESSION streams and one login at most STREAMS_PER_USER (over all its sessions); opening one more ends
// the oldest of that session or login. Ending the oldest rather than refusing the newest: a console tab that reloads
// opens its new stream before the platform has noticed the old socket close, and the newest stream is the one a
// person is looking at. Each stream holds a socket and a hub subscription, so without caps one token could hold
// hundreds.

export const STREAMS_PER_SESSION = 8;
export const STREAMS_PER_USER = 32;

export interface OpenStream {
  tokenHash: string;
  userId: number;
  /** ends the response; its close handler then calls `remove`. */
  end: () => void;
}

export interface StreamRegistry {
  /** registers a new stream, ending the oldest ones past either cap. */
  add(stream: OpenStream): void;
  /** forgets a stream (safe to call twice). */
  remove(stream: OpenStream): void;
  /** ends every stream of these sessions (logout, revocation). */
  endSessions(tokenHashes: string[]): void;
  endAll(): void;
  sessionCount(tokenHash: string): number;
  userCount(userId: number): number;
}

export function createStreamRegistry(
  caps = { perSession: STREAMS_PER_SESSION, perUser: STREAMS_PER_USER },
): StreamRegistry {
  // Sets keep insertion order: the first member is the oldest stream.
  const bySession = new Map<string, Set<OpenStream>>();
  const byUser = new Map<number, Set<OpenStream>>();
  const put = <K>(map: Map<K, Set<OpenStream>>, key: K, s: OpenStream) =>
    map.set(key, (map.get(key) ?? new Set()).add(s));
  const drop = <K>(map: Map<K, Set<OpenStream>>, key: K, s: OpenStream) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(s);
    if (set.size === 0) map.delete(key);
  };
  const remove = (s: OpenStream) => {
    drop(bySession, s.tokenHash, s);
    drop(byUser, s.userId, s);
  };
  // forgotten at once, so the count holds even before the ended socket reports its close
  const evictOldest = (set: Set<OpenStream> | undefined, cap: number) => {
    while (set && set.size > cap) {
      const oldest = set.values().next().value as OpenStream;
      remove(oldest);
      oldest.end();
    }
  };
  return {
    add(s) {
      put(bySession, s.tokenHash, s);
      put(byUser, s.userId, s);
      evictOldest(bySession.get(s.tokenHash), caps.perSession);
      evictOldest(byUser.get(s.userId), caps.perUser);
    },
    remove,
    endSessions(tokenHashes) {
      for (const h of tokenHashes) for (const s of [...(bySession.get(h) ?? [])]) s.end();
    },
    endAll() {
      for (const set of bySession.values()) for (const s of [...set]) s.end();
    },
    sessionCount: (h) => bySession.get(h)?.size ?? 0,
    userCount: (id) => byUser.get(id)?.size ?? 0,
  };
}
