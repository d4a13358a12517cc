import { z } from 'zod';

// Lock screen: a lock password is required before the screen locks.
export const lockPasswordSchema = z
  .string({ error: 'v.lock.passwordRequired' })
  .refine((s) => s.trim().length > 0, { error: 'v.lock.passwordRequired' });

export const lockFormSchema = z.object({ lockPassword: lockPasswordSchema });
export type LockForm = z.infer<typeof lockFormSchema>;

/** Unlocking compares the typed password with the one set when locking, exactly. */
export function unlockMatches(typed: string, lockPassword: string): boolean {
  return lockPassword.length > 0 && typed === lockPassword;
}
