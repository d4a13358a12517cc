// Long work on the platform's one event loop (and, on PGlite, its one database connection) goes in slices: between
// them, requests that arrived meanwhile get their turn. A slice ends on time, not on a count, as rows differ in cost.

/** One macrotask turn: timers, I/O and the requests waiting behind this work run first. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A check to call between items: yields once the work since the last yield has taken `sliceMs`. */
export function slicer(sliceMs = 15): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToLoop();
    since = performance.now();
  };
}
