/** Runs `work` once the browser is idle (at most `timeoutMs` later), or in a task where idle callbacks do not exist;
 * the returned function cancels it if it has not run. */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}
