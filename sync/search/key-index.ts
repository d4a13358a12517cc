// Strings to rows, for a million rows whose keys are already held elsewhere (the search columns' `sn`): open
// addressing over an Int32Array that stores only row numbers, comparing through the caller's own key of a row. A Map
// of the same million keys costs about 18 MB of heap; this costs 4 bytes per slot, 2–3 slots per row.

const EMPTY = 0;
const GONE = -1;

/** FNV-1a over the UTF-16 code units. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class KeyIndex {
  /** row + 1 per slot; EMPTY never used, GONE deleted (a probe goes on past it). */
  private slots = new Int32Array(1024);
  private used = 0;
  size = 0;

  constructor(private readonly keyOf: (row: number) => string) {}

  private find(key: string): number {
    const mask = this.slots.length - 1;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const v = this.slots[i];
      if (v === EMPTY) return -1 - i;
      if (v !== GONE && this.keyOf(v - 1) === key) return i;
    }
  }

  get(key: string): number | undefined {
    const i = this.find(key);
    return i >= 0 ? this.slots[i] - 1 : undefined;
  }

  has(key: string): boolean {
    return this.find(key) >= 0;
  }

  /** Sets the row of `key` (its `keyOf(row)` must already answer `key`). */
  set(key: string, row: number) {
    const i = this.find(key);
    if (i >= 0) {
      this.slots[i] = row + 1;
      return;
    }
    this.slots[-1 - i] = row + 1;
    this.size++;
    // linear probing stays short below 70 % full (deleted slots count: they lengthen probes too)
    if (++this.used * 10 > this.slots.length * 7) this.resize();
  }

  delete(key: string) {
    const i = this.find(key);
    if (i < 0) return;
    this.slots[i] = GONE;
    this.size--;
  }

  /** at least twice the live keys' room (deleted slots are dropped); keys are asked of the rows again. */
  private resize() {
    const old = this.slots;
    let cap = 1024;
    while (cap < this.size * 2) cap *= 2;
    this.slots = new Int32Array(cap);
    this.used = this.size;
    const mask = cap - 1;
    for (const v of old) {
      if (v === EMPTY || v === GONE) continue;
      let i = hash(this.keyOf(v - 1)) & mask;
      while (this.slots[i] !== EMPTY) i = (i + 1) & mask;
      this.slots[i] = v;
    }
  }

  bytes(): number {
    return this.slots.byteLength;
  }
}
