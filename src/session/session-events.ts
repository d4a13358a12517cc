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

// The platform answered one of the console's own calls (the outbox's pushes excepted, which would answer themselves):
// the network is there, so what the outbox holds back after a network failure can go now.
const answeredListeners = new Set<Listener>();

export function onPlatformAnswered(listener: Listener): () => void {
  answeredListeners.add(listener);
  return () => answeredListeners.delete(listener);
}

export function emitPlatformAnswered(): void {
  answeredListeners.forEach((l) => l());
}
