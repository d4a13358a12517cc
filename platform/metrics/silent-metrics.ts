import { Registry } from 'prom-client';
import type { Metrics } from './metrics';

// What the platform counts with METRICS_PORT=0: nothing. No series, no default process collectors and no event-loop
// monitor, so an operator who turns metrics off does not pay for counting that nobody can read.
export function silentMetrics(): Metrics {
  const none = () => {};
  return {
    registry: new Registry(),
    accepted: none,
    refused: none,
    carrierAnswer: none,
    carrierReceipt: none,
    receiptLatency: none,
    httpRequest: none,
    loopRound: none,
    watchCarriers: none,
    watchSmppBinds: none,
    watchReady: none,
  };
}
