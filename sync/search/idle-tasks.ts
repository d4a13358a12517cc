// Background work in slices, one macrotask each, so a search that arrives meanwhile runs between two slices.

/**
 * Runs `f` in a macrotask of its own, without setTimeout's clamp: nested timers wait at least 4 ms from the fifth on,
 * so a mask of 1M rows (16 slices) would take over 60 ms to finish, and a search repeated meanwhile would fill the
 * rest itself. A message on a channel is not clamped.
 */
const queue: (() => void)[] = [];
// (made on first use: the page loads this module too, and never builds a mask)
let channel: MessageChannel | null = null;
export function nextTask(f: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
    // (in Node, the tests' runtime, an open port would keep the process alive)
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  queue.push(f);
  channel.port2.postMessage(null);
}
