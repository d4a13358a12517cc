import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { memberImportMachine, type ImportReport } from './member-import.machine';
import type { SheetRead } from './sheet-upload';

const sheet = (name = 'members.xlsx', bytes = 10) => new File([new Uint8Array(bytes)], name);
const REPORT: ImportReport = { imported: 8, invalid: 1, duplicates: 1, reportFileId: 'rep1' };

function start(o: { readFails?: boolean; importFails?: boolean } = {}) {
  const read: File[] = [];
  const imported: Array<{ groupId: string; fileId: string }> = [];
  let finishImport: () => void = () => {};
  const importing = new Promise<void>((r) => (finishImport = r));
  const machine = memberImportMachine.provide({
    actors: {
      read: fromPromise(async ({ input }: { input: File }): Promise<SheetRead> => {
        if (o.readFails) throw new Error('上传失败');
        read.push(input);
        return { fileId: `f${read.length}`, rowCount: 10 };
      }),
      import: fromPromise(async ({ input }: { input: { groupId: string; fileId: string } }) => {
        imported.push(input);
        await importing;
        if (o.importFails) throw new Error('分组不存在');
        return REPORT;
      }),
    },
  });
  return { actor: createActor(machine).start(), read, imported, finishImport };
}

describe('member import machine', () => {
  it('reads the sheet, imports its rows into the group with their count shown, and ends with the skipped rows reported', async () => {
    const t = start();
    const file = sheet();
    t.actor.send({ type: 'import.start', groupId: 'g1', file });
    expect(t.actor.getSnapshot().value).toBe('reading');
    await waitFor(t.actor, (s) => s.matches('importing'));
    expect(t.read).toEqual([file]);
    expect(t.imported).toEqual([{ groupId: 'g1', fileId: 'f1' }]);
    expect(t.actor.getSnapshot().context.rows).toBe(10);
    t.finishImport();
    const done = await waitFor(t.actor, (s) => s.matches('done'));
    expect(done.context.report).toEqual(REPORT);
    expect(done.context.failure).toBeNull();
  });

  it('refuses a sheet of the wrong type or an empty one before anything is uploaded', () => {
    const t = start();
    t.actor.send({ type: 'import.start', groupId: 'g1', file: sheet('members.csv') });
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.actor.getSnapshot().context.failure).toBe('v.upload.type');
    t.actor.send({ type: 'import.start', groupId: 'g1', file: sheet('members.xlsx', 0) });
    expect(t.actor.getSnapshot().context.failure).toBe('v.upload.empty');
    expect(t.read).toEqual([]);
  });

  it('a failed upload or import fails with the platform message, and another sheet can be tried', async () => {
    const up = start({ readFails: true });
    up.actor.send({ type: 'import.start', groupId: 'g1', file: sheet() });
    const failed = await waitFor(up.actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('上传失败');

    const imp = start({ importFails: true });
    imp.actor.send({ type: 'import.start', groupId: 'g1', file: sheet() });
    imp.finishImport();
    expect((await waitFor(imp.actor, (s) => s.matches('failed'))).context.failure).toBe('分组不存在');
    imp.actor.send({ type: 'import.start', groupId: 'g2', file: sheet() });
    expect(imp.actor.getSnapshot().value).toBe('reading');
    expect(imp.actor.getSnapshot().context.failure).toBeNull();
  });

  it('a sheet chosen while one is being imported is ignored', async () => {
    const t = start();
    t.actor.send({ type: 'import.start', groupId: 'g1', file: sheet() });
    await waitFor(t.actor, (s) => s.matches('importing'));
    t.actor.send({ type: 'import.start', groupId: 'g2', file: sheet('other.xlsx') });
    expect(t.actor.getSnapshot().value).toBe('importing');
    expect(t.read).toHaveLength(1);
  });
});
