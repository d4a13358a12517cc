import { describe, expect, it } from 'vitest';
import { AnswerWaits } from './answer-waits';

describe('AnswerWaits', () => {
  it('holds a receipt for an id until its round is written, and lets others through at once', async () => {
    const waits = new AnswerWaits();
    const round = waits.round();
    round.add('a', '1f');
    const order: string[] = [];
    const held = waits.settled('a', '1f').then(() => order.push('held'));
    const other = waits.settled('a', '20').then(() => order.push('other'));
    const otherCarrier = waits.settled('b', '1f').then(() => order.push('other carrier'));
    await Promise.all([other, otherCarrier]);
    expect(order).toEqual(['other', 'other carrier']);
    round.written();
    await held;
    expect(order).toEqual(['other', 'other carrier', 'held']);
    expect(waits.size).toBe(0);
  });

  it('keeps the wait of a later round that was given the same id', async () => {
    const waits = new AnswerWaits();
    const first = waits.round();
    first.add('a', '7');
    const second = waits.round();
    second.add('a', '7');
    first.written();
    let settled = false;
    const wait = waits.settled('a', '7').then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    second.written();
    await wait;
    expect(settled).toBe(true);
  });
});
