import type { ReactNode } from 'react';
import { modifyMobileFormSchema } from '../../contract/validation/personal-settings.rules';
import { createFormMachine, type FormValues } from '../../machines/account-form.machine';
import type { FieldDef } from './account-form';

// Changing the mobile: one input for the new number, with the send-code button beside it, and one for the code. The
// code goes to the number in that input and the save sends that same value: the machine holds it, nothing else does.

export const createMobileFormMachine = (uuid: string) => createFormMachine('mobile', modifyMobileFormSchema, { mobile: '', code: '', uuid });

/** `sendCode` renders the send-code button for the values as they stand (it sends to `values.mobile`). */
export const mobileFormFields = (sendCode: (values: FormValues) => ReactNode): FieldDef[] => [
  { name: 'mobile', label: 'account.newMobile', addon: sendCode },
  { name: 'code', label: 'account.smsCode' },
];
