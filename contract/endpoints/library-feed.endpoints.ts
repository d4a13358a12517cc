import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  addressGroupDocSchema,
  addressMemberDocSchema,
  contentTemplateDocSchema,
  cspTemplateDocSchema,
  videoTemplateDocSchema,
} from '../library.schema';
import { FEED_RESOURCES, pullRequest } from './feed.endpoints';

// The change feed of templates, address-book groups and members: same request and answer as the record
// feeds (feed.endpoints.ts, where they are listed in FEED_RESOURCES), scoped like their lists.

const pullResponse = <T extends z.ZodType>(doc: T) =>
  z.object({
    documents: z.array(doc),
    checkpoint: z.object({ seq: z.number().int() }).nullable(),
    highWater: z.number().int(),
  });

export const LIBRARY_FEEDS = {
  contentTemplate: FEED_RESOURCES.contentTemplate,
  videoTemplate: FEED_RESOURCES.videoTemplate,
  cspTemplate: FEED_RESOURCES.cspTemplate,
  addressGroup: FEED_RESOURCES.addressGroup,
  addressMember: FEED_RESOURCES.addressMember,
} as const;
export type LibraryFeed = keyof typeof LIBRARY_FEEDS;

export const contentTemplatePullEndpoint = defineEndpoint({
  path: LIBRARY_FEEDS.contentTemplate.path,
  request: pullRequest,
  response: pullResponse(contentTemplateDocSchema),
});
export const videoTemplatePullEndpoint = defineEndpoint({
  path: LIBRARY_FEEDS.videoTemplate.path,
  request: pullRequest,
  response: pullResponse(videoTemplateDocSchema),
});
export const cspTemplatePullEndpoint = defineEndpoint({
  path: LIBRARY_FEEDS.cspTemplate.path,
  request: pullRequest,
  response: pullResponse(cspTemplateDocSchema),
});
export const addressGroupPullEndpoint = defineEndpoint({
  path: LIBRARY_FEEDS.addressGroup.path,
  request: pullRequest,
  response: pullResponse(addressGroupDocSchema),
});
export const addressMemberPullEndpoint = defineEndpoint({
  path: LIBRARY_FEEDS.addressMember.path,
  request: pullRequest,
  response: pullResponse(addressMemberDocSchema),
});
