import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { addressBookEntrySchema, addressBookGroupSchema, contentTemplateSchema, cspTemplateDetailSchema, videoTemplateDetailSchema } from '../entities.schema';
import { feedFields } from '../records.schema';
import { pullRequest } from './feed.endpoints';

// The change feed (DESIGN.md §2) of templates, address-book groups and members: same request and answer as the record
// feeds (feed.endpoints.ts), scoped like their lists. Template documents carry their frames / cards, so a replica can
// preview and edit offline.

const pullResponse = <T extends z.ZodType>(doc: T) =>
  z.object({ documents: z.array(doc), checkpoint: z.object({ seq: z.number().int() }).nullable(), highWater: z.number().int() });

export const contentTemplateDocSchema = contentTemplateSchema.extend(feedFields);
export const videoTemplateDocSchema = videoTemplateDetailSchema.extend({ result_desc: z.string().nullable(), ...feedFields });
export const cspTemplateDocSchema = cspTemplateDetailSchema.extend({ result_desc: z.string().nullable(), ...feedFields });
export const addressGroupDocSchema = addressBookGroupSchema.extend(feedFields);
export const addressMemberDocSchema = addressBookEntrySchema.extend(feedFields);
export type ContentTemplateDoc = z.infer<typeof contentTemplateDocSchema>;
export type VideoTemplateDoc = z.infer<typeof videoTemplateDocSchema>;
export type CspTemplateDoc = z.infer<typeof cspTemplateDocSchema>;
export type AddressGroupDoc = z.infer<typeof addressGroupDocSchema>;
export type AddressMemberDoc = z.infer<typeof addressMemberDocSchema>;

export const LIBRARY_FEEDS = {
  contentTemplate: { path: '/contentTemplate/pull', key: 'template_id', schema: contentTemplateDocSchema },
  videoTemplate: { path: '/videoTemplate/pull', key: 'cus_template_id', schema: videoTemplateDocSchema },
  cspTemplate: { path: '/cspTemplate/pull', key: 'template_id', schema: cspTemplateDocSchema },
  addressGroup: { path: '/addressBook/groupPull', key: 'groupId', schema: addressGroupDocSchema },
  addressMember: { path: '/addressBook/memberPull', key: 'id', schema: addressMemberDocSchema },
} as const;
export type LibraryFeed = keyof typeof LIBRARY_FEEDS;

export const contentTemplatePullEndpoint = defineEndpoint({ path: LIBRARY_FEEDS.contentTemplate.path, request: pullRequest, response: pullResponse(contentTemplateDocSchema) });
export const videoTemplatePullEndpoint = defineEndpoint({ path: LIBRARY_FEEDS.videoTemplate.path, request: pullRequest, response: pullResponse(videoTemplateDocSchema) });
export const cspTemplatePullEndpoint = defineEndpoint({ path: LIBRARY_FEEDS.cspTemplate.path, request: pullRequest, response: pullResponse(cspTemplateDocSchema) });
export const addressGroupPullEndpoint = defineEndpoint({ path: LIBRARY_FEEDS.addressGroup.path, request: pullRequest, response: pullResponse(addressGroupDocSchema) });
export const addressMemberPullEndpoint = defineEndpoint({ path: LIBRARY_FEEDS.addressMember.path, request: pullRequest, response: pullResponse(addressMemberDocSchema) });
