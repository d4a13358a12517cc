import { assign, setup } from 'xstate';
import type { SyncProgress } from '../sync/replication/sync-progress';

// What the top-bar indicator shows: a progress bar with counts during backfill, the error when pulls fail,
// "offline" when the network is gone, and a quiet "live" once everything follows the feed. Fed by the replicator's
// progress$ and the browser's online/offline events.

export type SyncStatusEvent =
  { type: 'sync.progress'; progress: SyncProgress } | { type: 'sync.online' } | { type: 'sync.offline' };

interface Context {
  progress: SyncProgress | null;
  browserOnline: boolean;
}

const offline = ({ context }: { context: Context }) => !context.browserOnline || context.progress?.online === false;
const failing = ({ context }: { context: Context }) => !!context.progress?.error;
const backfilling = ({ context }: { context: Context }) => context.progress?.phase === 'backfill';
const following = ({ context }: { context: Context }) => context.progress?.phase === 'follower';
const live = ({ context }: { context: Context }) => context.progress?.phase === 'live';

export const syncStatusMachine = setup({
  types: {} as { context: Context; events: SyncStatusEvent; input: { online: boolean } },
  guards: { offline, failing, backfilling, following, live },
}).createMachine({
  id: 'syncStatus',
  context: ({ input }) => ({ progress: null, browserOnline: input.online }),
  initial: 'starting',
  on: {
    'sync.progress': { target: '.deciding', actions: assign({ progress: ({ event }) => event.progress }) },
    'sync.online': { target: '.deciding', actions: assign({ browserOnline: true }) },
    'sync.offline': { target: '.deciding', actions: assign({ browserOnline: false }) },
  },
  states: {
    starting: {},
    deciding: {
      always: [
        { guard: 'offline', target: 'offline' },
        { guard: 'failing', target: 'error' },
        { guard: 'following', target: 'follower' },
        { guard: 'backfilling', target: 'backfill' },
        { guard: 'live', target: 'live' },
        { target: 'starting' },
      ],
    },
    offline: {},
    error: {},
    /** another tab replicates; this one reads the shared database. */
    follower: {},
    backfill: {},
    live: {},
  },
});
