// The HTTP client reports a 401 here; the session actor listens and logs out. Kept apart so api.ts and the
// session actor do not import each other.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitUnauthorized(): void {
  listeners.forEach((l) => l());
}
