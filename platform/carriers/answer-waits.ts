// A carrier may report a message faster than the round that sent it writes the carriers' answers (a carrier that
// reports at once, a busy database). A receipt for an id this instance was given but has not written yet waits here
// for that write, its deliver_sm_resp held, and then finds its part like any other: it is not stored to be matched
// later by the sweep. The sweep still takes receipts that reach another instance than the one that sent the message.

export class AnswerWaits {
  private readonly waits = new Map<string, Promise<void>>();

  /** A round's ids as the carriers answer them; `written` ends their wait, once the round's answers are written or
   * have failed to be. */
  round(): { add(carrier: string, key: string): void; written(): void } {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const keys: string[] = [];
    return {
      add: (carrier, key) => {
        const k = `${carrier}\n${key}`;
        keys.push(k);
        this.waits.set(k, done);
      },
      written: () => {
        for (const k of keys) if (this.waits.get(k) === done) this.waits.delete(k);
        end();
      },
    };
  }

  /** Resolves once no answer for this id is waiting to be written. */
  async settled(carrier: string, key: string): Promise<void> {
    await this.waits.get(`${carrier}\n${key}`);
  }

  get size(): number {
    return this.waits.size;
  }
}
