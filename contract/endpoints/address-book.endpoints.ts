import { z } from 'zod';
import { isStorableText, text } from '../bounds';
import { defineEndpoint, emptyResponse, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import { addressBookEntrySchema, addressBookGroupSchema } from '../entities.schema';
import { addressBookGroupFormSchema, addressBookMemberFormSchema } from '../validation/address-book.rules';
import { optText, timeRange } from './records.endpoints';

// The address book: groups and members of the caller's account. Members are imported from an xlsx uploaded
// with /file/uploadAddressBook (columns: name, mobile, email, job number, gender, birthday, remark).

const id = (key: string) =>
  z.string({ error: key }).max(200).refine(isStorableText, 'v.badText').trim().min(1, { error: key });
const groupId = id('v.addressBook.groupRequired');
const memberId = id('v.addressBook.memberRequired');

const memberFilter = z.object({ groupId: optText, name: optText, mobile: optText, ...timeRange });

export const addressBookListEndpoint = defineEndpoint({
  path: '/addressBook/list',
  doc: 'Members; name is a substring, mobile a prefix.',
  request: pageRequest.extend(memberFilter.shape),
  response: pageOf(addressBookEntrySchema),
});

export const addressBookGroupListEndpoint = defineEndpoint({
  path: '/addressBook/groupList',
  request: pageRequest.extend({ groupName: optText }),
  response: pageOf(addressBookGroupSchema),
});

export const hasMemberGroupListEndpoint = defineEndpoint({
  path: '/addressBook/hasMemberGroupList',
  doc: 'Groups with at least one member, unpaged, for the send form\'s "choose from address book".',
  request: z.object({}).loose(),
  response: z.array(addressBookGroupSchema),
});

export const addressBookGroupAddEndpoint = defineEndpoint({
  path: '/addressBook/addressBookGroupAdd',
  doc: 'Group names are unique per account: a duplicate answers 400 v.addressBook.groupExists.',
  request: addressBookGroupFormSchema,
  response: z.object({ groupId: z.string() }),
});

export const addressBookGroupModEndpoint = defineEndpoint({
  path: '/addressBook/addressBookGroupMod',
  request: addressBookGroupFormSchema.extend({ groupId }),
  response: emptyResponse,
});

export const addressBookGroupDelEndpoint = defineEndpoint({
  path: '/addressBook/addressBookGroupDel',
  doc: 'Deletes the group and its members.',
  request: z.object({ groupId }),
  response: emptyResponse,
});

export const addressBookGroupDetailEndpoint = defineEndpoint({
  path: '/addressBook/addressBookGroupDetail',
  request: z.object({ groupId }),
  response: addressBookGroupSchema,
});

export const addressBookMemberAddEndpoint = defineEndpoint({
  path: '/addressBook/addressBookMemberAdd',
  doc: 'A mobile appears once per group: a duplicate answers 400 v.addressBook.memberExists.',
  request: addressBookMemberFormSchema,
  response: z.object({ id: z.string() }),
});

export const addressBookMemberModEndpoint = defineEndpoint({
  path: '/addressBook/addressBookMemberMod',
  request: addressBookMemberFormSchema.extend({ id: memberId }),
  response: emptyResponse,
});

export const addressBookMemberDelEndpoint = defineEndpoint({
  path: '/addressBook/addressBookMemberDel',
  doc: 'Deletes the listed members (the console asks first).',
  request: z.object({
    ids: z.array(text(200).trim().min(1)).min(1, { error: 'v.addressBook.memberRequired' }).max(1000),
  }),
  response: z.object({ deleted: z.number().int() }),
});

export const addressBookMemberDetailEndpoint = defineEndpoint({
  path: '/addressBook/addressBookMemberDetail',
  request: z.object({ id: memberId }),
  response: addressBookEntrySchema,
});

export const addressBookMemberImportEndpoint = defineEndpoint({
  path: '/addressBook/addressBookMemberImport',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'Imports the rows of an uploaded xlsx into a group; rows with a bad mobile or already in the group are skipped and counted.',
  request: z.object({ groupId, fileId: id('v.upload.fileRequired') }),
  response: z.object({
    imported: z.number().int(),
    invalid: z.number().int(),
    duplicates: z.number().int(),
    /** an xlsx of the skipped rows (row, fields, reason), read with /file/material; null when none was skipped. */
    reportFileId: z.string().nullable(),
  }),
});

export const groupMobileDetailEndpoint = defineEndpoint({
  path: '/addressBook/groupMobileDetail',
  doc: 'The distinct mobiles of the chosen groups, for filling a send form.',
  request: z.object({
    groupIds: z.array(text(200).trim().min(1)).min(1, { error: 'v.addressBook.groupRequired' }).max(100),
  }),
  response: z.object({ mobiles: z.array(z.string()), count: z.number().int() }),
});

export const addressBookDownloadEndpoint = defineEndpoint({
  path: '/addressBook/download',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'Members as xlsx, same filters as the list without paging; with template=true the empty import sheet.',
  request: memberFilter.extend({ template: z.boolean().default(false) }),
  response: z.unknown(),
});

/** Answered by group add/mod and member add/mod on a clash. */
export const ADDRESS_BOOK_ERRORS = {
  groupExists: 'v.addressBook.groupExists',
  memberExists: 'v.addressBook.memberExists',
} as const;
