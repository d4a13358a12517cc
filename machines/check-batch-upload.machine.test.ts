import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { batchNameOf, checkBatchUploadMachine, type BatchRequest } from './check-batch-upload.machine';

const sheet = (name = 'numbers.xlsx', bytes = 10) => new File([new Uint8Array(bytes)], name);

function start(o: { uploadFails?: boolean; refusedByPlatform?: string } = {}) {
  const uploaded: File[] = [];
  const batches: BatchRequest[] = [];
  let started = 0;
  let accept: () => void = () => {};
  const accepted = new Promise<void>((r) => (accept = r));
  const machine = checkBatchUploadMachine.provide({
    actors: {
      upload: fromPromise(async ({ input }: { input: File }) => {
        if (o.uploadFails) throw new Error('网络错误');
        uploaded.push(input);
        return { fileId: `f${uploaded.length}` };
      }),
      startBatch: fromPromise(async ({ input }: { input: BatchRequest }): Promise<unknown> => {
        batches.push(input);
        await accepted;
        if (o.refusedByPlatform) throw new Error(o.refusedByPlatform);
        return { batch_id: 'b1' };
      }),
    },
    actions: { started: () => void started++ },
  });
  return { actor: createActor(machine).start(), uploaded, batches, accept, started: () => started };
}

describe('check batch upload machine', () => {
  it('uploads the sheet, records the batch under the typed name and tells the screen once the platform accepted it', async () => {
    const t = start();
    const file = sheet();
    t.actor.send({ type: 'batch.start', file, batchName: '  五月名单 ', cusId: 'EP0001' });
    expect(t.actor.getSnapshot().value).toBe('uploading');
    await waitFor(t.actor, (s) => s.matches('starting'));
    expect(t.uploaded).toEqual([file]);
    expect(t.batches).toEqual([{ fileId: 'f1', batch_name: '五月名单', cus_id: 'EP0001' }]);
    expect(t.started()).toBe(0);
    t.accept();
    await waitFor(t.actor, (s) => s.matches('started'));
    expect(t.started()).toBe(1);
  });

  it('a batch with no name is named after its sheet', () => {
    expect(batchNameOf('', 'numbers.2024.xlsx')).toBe('numbers.2024');
    expect(batchNameOf('  ', 'list.xls')).toBe('list');
    expect(batchNameOf(' mine ', 'list.xls')).toBe('mine');
  });

  it('refuses a sheet of the wrong type or an empty one before anything is uploaded', () => {
    const t = start();
    t.actor.send({ type: 'batch.start', file: sheet('numbers.txt'), batchName: '', cusId: 'EP0001' });
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.actor.getSnapshot().context.failure).toBe('v.upload.type');
    t.actor.send({ type: 'batch.start', file: sheet('numbers.xlsx', 0), batchName: '', cusId: 'EP0001' });
    expect(t.actor.getSnapshot().context.failure).toBe('v.upload.empty');
    expect(t.uploaded).toEqual([]);
  });

  it('a failed upload or a refused batch fails with the message, and the next sheet starts afresh', async () => {
    const up = start({ uploadFails: true });
    up.actor.send({ type: 'batch.start', file: sheet(), batchName: '', cusId: 'EP0001' });
    expect((await waitFor(up.actor, (s) => s.matches('failed'))).context.failure).toBe('网络错误');

    const refused = start({ refusedByPlatform: '批次名称过长' });
    refused.actor.send({ type: 'batch.start', file: sheet(), batchName: '', cusId: 'EP0001' });
    refused.accept();
    expect((await waitFor(refused.actor, (s) => s.matches('failed'))).context.failure).toBe('批次名称过长');
    expect(refused.started()).toBe(0);
    refused.actor.send({ type: 'batch.start', file: sheet(), batchName: '', cusId: 'EP0001' });
    expect(refused.actor.getSnapshot().value).toBe('uploading');
    expect(refused.actor.getSnapshot().context.failure).toBeNull();
  });

  it('a sheet chosen while one is on its way is ignored', async () => {
    const t = start();
    t.actor.send({ type: 'batch.start', file: sheet(), batchName: '', cusId: 'EP0001' });
    await waitFor(t.actor, (s) => s.matches('starting'));
    t.actor.send({ type: 'batch.start', file: sheet('other.xlsx'), batchName: '', cusId: 'EP0001' });
    expect(t.actor.getSnapshot().value).toBe('starting');
    expect(t.uploaded).toHaveLength(1);
  });
});
