import { describe, expect, it } from 'vitest';
import {
  addressBookDownloadEndpoint,
  addressBookGroupModEndpoint,
  addressBookMemberAddEndpoint,
  addressBookMemberDelEndpoint,
  addressBookMemberImportEndpoint,
  groupMobileDetailEndpoint,
} from './address-book.endpoints';

const first = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues[0];

describe('address-book endpoints', () => {
  it('member add uses the address-book rules', () => {
    expect(
      addressBookMemberAddEndpoint.request.safeParse({ name: 'Li', mobile: '13800138000', groupId: 'g1' }).success,
    ).toBe(true);
    expect(
      first(addressBookMemberAddEndpoint.request.safeParse({ name: 'Li', mobile: '01088886666', groupId: 'g1' })),
    ).toMatchObject({
      path: ['mobile'],
      message: 'v.mobile.invalid',
    });
  });
  it('group mod needs the group and a name', () => {
    expect(first(addressBookGroupModEndpoint.request.safeParse({ groupName: 'VIP' }))).toMatchObject({
      path: ['groupId'],
      message: 'v.addressBook.groupRequired',
    });
    expect(first(addressBookGroupModEndpoint.request.safeParse({ groupId: 'g1', groupName: '' }))?.message).toBe(
      'v.addressBook.groupNameRequired',
    );
  });
  it('bulk calls need at least one id', () => {
    expect(first(addressBookMemberDelEndpoint.request.safeParse({ ids: [] }))?.message).toBe(
      'v.addressBook.memberRequired',
    );
    expect(first(groupMobileDetailEndpoint.request.safeParse({ groupIds: [] }))?.message).toBe(
      'v.addressBook.groupRequired',
    );
    expect(first(addressBookMemberImportEndpoint.request.safeParse({ groupId: 'g1' }))?.message).toBe(
      'v.upload.fileRequired',
    );
  });
  it('download is a file and defaults to the member export', () => {
    expect(addressBookDownloadEndpoint.kind).toBe('file');
    expect(addressBookDownloadEndpoint.request.parse({}).template).toBe(false);
  });
});
