import { z } from 'zod';
import { isStorableText } from '../bounds';
import { writtenMobileSchema } from './mobile.rules';

// Address book: name and mobile required (a mainland mobile in any form the send forms take, kept as its 11 digits);
// group name required.

export const groupNameSchema = z
  .string({ error: 'v.addressBook.groupNameRequired' })
  .trim()
  .min(1, { error: 'v.addressBook.groupNameRequired' })
  .max(50, { error: 'v.addressBook.groupNameTooLong' })
  .refine(isStorableText, 'v.badText');

export const addressBookGroupFormSchema = z.object({
  groupName: groupNameSchema,
  remark: z.string().trim().max(200).refine(isStorableText, 'v.badText').optional(),
});
export type AddressBookGroupForm = z.infer<typeof addressBookGroupFormSchema>;

const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'v.addressBook.tooLong' }).refine(isStorableText, 'v.badText').optional();

export const addressBookMemberFormSchema = z.object({
  name: z
    .string({ error: 'v.addressBook.nameRequired' })
    .trim()
    .min(1, { error: 'v.addressBook.nameRequired' })
    .max(50, { error: 'v.addressBook.tooLong' })
    .refine(isStorableText, 'v.badText'),
  mobile: writtenMobileSchema,
  email: z
    .union([
      z.literal(''),
      z.email({ error: 'v.addressBook.emailInvalid' }).max(100, { error: 'v.addressBook.tooLong' }),
    ])
    .optional(),
  groupId: z
    .string({ error: 'v.addressBook.groupRequired' })
    .trim()
    .min(1, { error: 'v.addressBook.groupRequired' })
    .max(200)
    .refine(isStorableText, 'v.badText'),
  /** import file extras. */
  jobNumber: optionalText(30),
  gender: z.enum(['', 'male', 'female'], { error: 'v.addressBook.genderInvalid' }).optional(),
  birthday: z
    .string()
    .max(10, { error: 'v.addressBook.birthdayInvalid' })
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'v.addressBook.birthdayInvalid' })
    .optional(),
  remark: optionalText(200),
});
export type AddressBookMemberForm = z.infer<typeof addressBookMemberFormSchema>;
