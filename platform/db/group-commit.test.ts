import { describe, expect, it } from 'vitest';
import { groupWriter } from './group-commit';

// Requests that queue while a group is written go together as the next group, each answered with its own outcome.

const later = () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  return { gate, open };
};

describe('groupWriter', () => {
  it('writes a lone request at once, and what queued meanwhile as one group, in order and capped', async () => {
    const groups: number[][] = [];
    const first = later();
    const write = groupWriter(async (items: number[]) => {
      groups.push(items);
      if (groups.length === 1) await first.gate;
      return items.map((n) => n * 10);
    }, 3);
    const answers = [1, 2, 3, 4, 5].map((n) => write(n));
    expect(groups).toEqual([[1]]);
    expect(write.waiting).toBe(4);
    first.open();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1], [2, 3, 4], [5]]);
    expect(write.waiting).toBe(0);
  });

  it('with a linger, gathers what arrives within it after a lone request into the first group', async () => {
    const groups: number[][] = [];
    const write = groupWriter(
      async (items: number[]) => {
        groups.push(items);
        return items;
      },
      10,
      30,
    );
    const first = write(1);
    // arriving within the linger, in a later task than the first
    await new Promise((r) => setImmediate(r));
    expect(groups).toEqual([]);
    const second = write(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(groups).toEqual([[1, 2]]);
  });

  it('fails every request of a group the write throws on, and goes on with the next group', async () => {
    const first = later();
    let calls = 0;
    const write = groupWriter(async (items: string[]) => {
      calls++;
      if (calls === 1) await first.gate;
      if (items.includes('bad')) throw new Error('database refused');
      return items.map((s) => s.toUpperCase());
    }, 10);
    const a = write('a');
    const bad = write('bad');
    const b = write('b');
    first.open();
    expect(await a).toBe('A');
    await expect(bad).rejects.toThrow('database refused');
    await expect(b).rejects.toThrow('database refused');
    expect(await write('c')).toBe('C');
  });

  it('fails a group answered with the wrong number of outcomes rather than leaving a request unanswered', async () => {
    const write = groupWriter(async () => [], 10);
    await expect(write('x')).rejects.toThrow('answered 0 of 1');
  });
});
