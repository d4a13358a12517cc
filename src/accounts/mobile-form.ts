import type { ReactNode } from 'react';
import { modifyMobileFormSchema } from '../../contract/validation/personal-settings.rules';
import type { FormValues } from '../../machines/form.machine';
import type { FieldDefinition } from '../forms/field-definition';

// Changing the mobile: one input for the new number, with the send-code button beside it, and one for the code. The
// code goes to the number in that input and the save sends that same value: the machine holds it, nothing else does.

export const mobileForm = (uuid: string) => ({
  schema: modifyMobileFormSchema,
  values: { mobile: '', code: '', uuid },
});

/** `sendCode` renders the send-code button for the values as they stand (it sends to `values.mobile`). */
export const mobileFormFields = (sendCode: (values: FormValues) => ReactNode): FieldDefinition[] => [
  { name: 'mobile', label: 'account.newMobile', addon: sendCode },
  { name: 'code', label: 'account.smsCode' },
];
