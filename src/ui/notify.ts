// Toasts for every screen. The shell mounts one PrimeReact Toast and registers it here; messages sent before it
// mounts wait in a queue.
export interface NotifyMessage {
  severity: 'success' | 'info' | 'warn' | 'error';
  summary: string;
  detail?: string;
}

type Sink = (msg: NotifyMessage) => void;
let sink: Sink | null = null;
const pending: NotifyMessage[] = [];

export function notify(msg: NotifyMessage): void {
  if (sink) sink(msg);
  else pending.push(msg);
}

export function registerNotifySink(next: Sink | null): void {
  sink = next;
  if (next) pending.splice(0).forEach(next);
}
