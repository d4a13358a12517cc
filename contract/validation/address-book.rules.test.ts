import { describe, expect, it } from 'vitest';
import { addressBookGroupFormSchema, addressBookMemberFormSchema } from './address-book.rules';

const member = { name: '张三', mobile: '13800138000', groupId: 'g1' };
const msg = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('address book', () => {
  it('accepts a member with extras', () => {
    const r = addressBookMemberFormSchema.safeParse({
      ...member,
      email: 'a@b.cn',
      jobNumber: 'E01',
      gender: 'female',
      birthday: '1990-02-03',
      remark: 'x',
    });
    expect(r.success).toBe(true);
    expect(addressBookMemberFormSchema.safeParse({ ...member, email: '', birthday: '' }).success).toBe(true);
  });
  it('name and 11-digit mobile are required', () => {
    expect(msg(addressBookMemberFormSchema.safeParse({ ...member, name: ' ' }))).toBe('v.addressBook.nameRequired');
    expect(msg(addressBookMemberFormSchema.safeParse({ ...member, mobile: '' }))).toBe('v.mobile.required');
    expect(msg(addressBookMemberFormSchema.safeParse({ ...member, mobile: '1380013800' }))).toBe('v.mobile.invalid');
    expect(msg(addressBookMemberFormSchema.safeParse({ ...member, mobile: '02161234567' }))).toBe('v.mobile.invalid');
    expect(msg(addressBookMemberFormSchema.safeParse({ ...member, groupId: '' }))).toBe('v.addressBook.groupRequired');
  });
  it('checks email and birthday formats', () => {
    expect(msg(addressBookMemberFormSchema.safeParse({ ...member, email: 'not-mail' }))).toBe(
      'v.addressBook.emailInvalid',
    );
    expect(msg(addressBookMemberFormSchema.safeParse({ ...member, birthday: '1990/02/03' }))).toBe(
      'v.addressBook.birthdayInvalid',
    );
  });
  it('group name is required', () => {
    expect(msg(addressBookGroupFormSchema.safeParse({ groupName: '  ' }))).toBe('v.addressBook.groupNameRequired');
    expect(msg(addressBookGroupFormSchema.safeParse({}))).toBe('v.addressBook.groupNameRequired');
    expect(msg(addressBookGroupFormSchema.safeParse({ groupName: 'x'.repeat(51) }))).toBe(
      'v.addressBook.groupNameTooLong',
    );
    expect(addressBookGroupFormSchema.safeParse({ groupName: ' VIP ' }).data).toEqual({ groupName: 'VIP' });
  });
});
