import { z } from 'zod';
import {
  addressBookEntrySchema,
  addressBookGroupSchema,
  contentTemplateSchema,
  cspTemplateDetailSchema,
  videoTemplateDetailSchema,
} from './entities.schema';
import { feedFields } from './records.schema';

// Documents of the library change feeds (templates, address-book groups and members): the contract entity plus the
// feed columns, an `id` and a `kind`, so the console keeps the three template kinds in one local collection and groups
// with members in another (RxDB's free tier opens 13 collections).

export const TEMPLATE_KINDS = ['content', 'video', 'csp'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

const local = <K extends string>(kind: K) => ({ id: z.string(), kind: z.literal(kind), ...feedFields });

export const contentTemplateDocSchema = contentTemplateSchema.extend(local('content'));
export const videoTemplateDocSchema = videoTemplateDetailSchema.extend({
  result_desc: z.string().nullable(),
  ...local('video'),
});
export const cspTemplateDocSchema = cspTemplateDetailSchema.extend({
  result_desc: z.string().nullable(),
  ...local('csp'),
});
/** groups carry mobile '' so that one index serves member searches in the shared collection. */
export const addressGroupDocSchema = addressBookGroupSchema.extend({ ...local('group'), mobile: z.literal('') });
export const addressMemberDocSchema = addressBookEntrySchema.extend(local('member'));

export type ContentTemplateDoc = z.infer<typeof contentTemplateDocSchema>;
export type VideoTemplateDoc = z.infer<typeof videoTemplateDocSchema>;
export type CspTemplateDoc = z.infer<typeof cspTemplateDocSchema>;
export type TemplateDoc = ContentTemplateDoc | VideoTemplateDoc | CspTemplateDoc;
export type AddressGroupDoc = z.infer<typeof addressGroupDocSchema>;
export type AddressMemberDoc = z.infer<typeof addressMemberDocSchema>;
export type AddressBookDoc = AddressGroupDoc | AddressMemberDoc;
