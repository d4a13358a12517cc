import {
  batchPullEndpoint,
  moRecordPullEndpoint,
  mtRecordPullEndpoint,
  shortLinkPullEndpoint,
  statisticsPullEndpoint,
  timeBatchPullEndpoint,
  timeMtMessagePullEndpoint,
} from '../../contract/endpoints/feed.endpoints';
import type { Endpoint } from '../../contract/endpoint';
import type { AreaPlugin } from '../core/context';
import { registerPullRoute } from '../feed/pull-route';
import { registerDashboardRoutes } from './dashboard.routes';
import { registerRecordRoutes } from './records.routes';
import { recordSourceFor } from './client-status';
import type { RecordFeed } from './sources';
import { registerStatisticsRoutes } from './statistics.routes';

/** The change feed's pull route of each record resource. */
const PULLS: Array<[RecordFeed, Endpoint]> = [
  ['mtRecord', mtRecordPullEndpoint],
  ['moRecord', moRecordPullEndpoint],
  ['batch', batchPullEndpoint],
  ['timeBatch', timeBatchPullEndpoint],
  ['timeMtMessage', timeMtMessagePullEndpoint],
  ['statistics', statisticsPullEndpoint],
  ['shortLink', shortLinkPullEndpoint],
];

/** Record lists and downloads, statistics, the home dashboards, and the records' change-feed pulls. */
export const recordsPlugin: AreaPlugin = async (api, { ctx }) => {
  for (const [resource, endpoint] of PULLS)
    registerPullRoute(api, ctx, endpoint.path, (user) => recordSourceFor(user, resource));
  registerRecordRoutes(api, ctx);
  registerStatisticsRoutes(api, ctx);
  registerDashboardRoutes(api, ctx);
};
