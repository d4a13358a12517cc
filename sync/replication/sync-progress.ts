import { FEED_RESOURCES, type FeedResource } from '../../contract/endpoints/feed.endpoints';

// What the replicator tells the console of its work: per resource and overall, the phase, documents written, how far
// the backfill reached, and the last error.

export type ResourcePhase = 'idle' | 'backfill' | 'live';
export interface ResourceProgress {
  phase: ResourcePhase;
  /** documents written locally by this session. */
  synced: number;
  /** 0..1: how far the backfill reached towards the horizon, by time. */
  fraction: number;
  error: string | null;
}
export interface SyncProgress {
  /** backfill while any resource backfills; live when all follow the feed. */
  phase: 'starting' | 'follower' | 'backfill' | 'live' | 'stopped';
  online: boolean;
  leader: boolean;
  synced: number;
  fraction: number;
  error: string | null;
  resources: Record<FeedResource, ResourceProgress>;
}

/** Progress before anything has run: every resource idle. */
export function startingProgress(
  resources: FeedResource[] = Object.keys(FEED_RESOURCES) as FeedResource[],
): SyncProgress {
  const idle = (): ResourceProgress => ({ phase: 'idle', synced: 0, fraction: 0, error: null });
  return {
    phase: 'starting',
    online: true,
    leader: false,
    synced: 0,
    fraction: 0,
    error: null,
    resources: Object.fromEntries(resources.map((r) => [r, idle()])) as Record<FeedResource, ResourceProgress>,
  };
}
