import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SyncProgress } from '../sync/replication/sync-progress';
import { syncStatusMachine } from './sync-status.machine';

const progress = (p: Partial<SyncProgress>): SyncProgress => ({
  phase: 'backfill',
  online: true,
  leader: true,
  synced: 0,
  fraction: 0,
  error: null,
  resources: {} as SyncProgress['resources'],
  ...p,
});

describe('sync status machine', () => {
  it('shows backfill, then live, errors, and offline over everything', () => {
    const a = createActor(syncStatusMachine, { input: { online: true } }).start();
    expect(a.getSnapshot().value).toBe('starting');
    a.send({ type: 'sync.progress', progress: progress({ synced: 500, fraction: 0.2 }) });
    expect(a.getSnapshot().value).toBe('backfill');
    expect(a.getSnapshot().context.progress?.synced).toBe(500);
    a.send({ type: 'sync.progress', progress: progress({ phase: 'live', fraction: 1 }) });
    expect(a.getSnapshot().value).toBe('live');
    a.send({ type: 'sync.progress', progress: progress({ phase: 'live', error: 'boom' }) });
    expect(a.getSnapshot().value).toBe('error');
    a.send({ type: 'sync.offline' });
    expect(a.getSnapshot().value).toBe('offline');
    a.send({ type: 'sync.online' });
    expect(a.getSnapshot().value).toBe('error');
    a.send({ type: 'sync.progress', progress: progress({ phase: 'live', online: false }) });
    expect(a.getSnapshot().value).toBe('offline');
  });

  it('a tab that does not lead says so', () => {
    const a = createActor(syncStatusMachine, { input: { online: true } }).start();
    a.send({ type: 'sync.progress', progress: progress({ phase: 'follower', leader: false }) });
    expect(a.getSnapshot().value).toBe('follower');
  });
});
