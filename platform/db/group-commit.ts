// Group commit: requests that arrive while a group is being written wait and are written together as the next group,
// so a burst costs one transaction per group instead of one per request. A lone request is written at once (no timer:
// the group is whatever queued while the previous one was in the database), so light traffic keeps its latency.

export interface GroupWriter<I, O> {
  (item: I): Promise<O>;
  /** requests queued and not yet being written. */
  readonly waiting: number;
}

/** `write` answers a group with one outcome per item, in order; when it throws, every item of the group fails with it.
 * `lingerMs`: a request that finds the writer idle waits this long for others to join its group (a commit delay), for
 * writes whose fixed cost per group outweighs a few milliseconds of latency. */
export function groupWriter<I, O>(
  write: (items: I[]) => Promise<O[]>,
  maxGroup: number,
  lingerMs = 0,
): GroupWriter<I, O> {
  const queue: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  let running = false;
  const drain = async () => {
    running = true;
    try {
      if (lingerMs > 0) await new Promise((r) => setTimeout(r, lingerMs));
      while (queue.length > 0) {
        const group = queue.splice(0, maxGroup);
        try {
          const out = await write(group.map((g) => g.item));
          if (out.length !== group.length) throw new Error(`group writer answered ${out.length} of ${group.length}`);
          group.forEach((g, i) => g.resolve(out[i]));
        } catch (err) {
          for (const g of group) g.reject(err);
        }
      }
    } finally {
      running = false;
    }
  };
  const submit = (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
  return Object.defineProperty(submit, 'waiting', { get: () => queue.length }) as GroupWriter<I, O>;
}
