import { z } from 'zod';
import { mobileSchema } from './mobile.rules';

// Address book (spec §5): name and 11-digit mobile required; group name required.

export const groupNameSchema = z
  .string({ error: 'v.addressBook.groupNameRequired' })
  .trim()
  .min(1, { error: 'v.addressBook.groupNameRequired' })
  .max(50, { error: 'v.addressBook.groupNameTooLong' });

export const addressBookGroupFormSchema = z.object({ groupName: groupNameSchema, remark: z.string().trim().max(200).optional() });
export type AddressBookGroupForm = z.infer<typeof addressBookGroupFormSchema>;

const optionalText = (max: number) => z.string().trim().max(max, { error: 'v.addressBook.tooLong' }).optional();

export const addressBookMemberFormSchema = z.object({
  name: z.string({ error: 'v.addressBook.nameRequired' }).trim().min(1, { error: 'v.addressBook.nameRequired' }).max(50, { error: 'v.addressBook.tooLong' }),
  mobile: mobileSchema,
  email: z.union([z.literal(''), z.email({ error: 'v.addressBook.emailInvalid' })]).optional(),
  groupId: z.string({ error: 'v.addressBook.groupRequired' }).trim().min(1, { error: 'v.addressBook.groupRequired' }),
  /** import file extras (spec §3). */
  jobNumber: optionalText(30),
  gender: z.enum(['', 'male', 'female'], { error: 'v.addressBook.genderInvalid' }).optional(),
  birthday: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'v.addressBook.birthdayInvalid' })
    .optional(),
  remark: optionalText(200),
});
export type AddressBookMemberForm = z.infer<typeof addressBookMemberFormSchema>;
