import { sendPolicyFormSchema, type SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import type { FormInput, FormValues } from '../../machines/form.machine';

// The send policy as the settings form holds it: one value per input, named by its path in the policy
// (`caps.verification.perMinute`), so the contract's error for a path lands on the input of that name. Lists (the
// per-account caps) stay whole values, edited through the form's item events.

const isGroup = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The policy's leaves by dotted path. */
export function policyValues(policy: SendPolicy): FormValues {
  const out: FormValues = {};
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (isGroup(v)) walk(v, `${prefix}${k}.`);
      else out[`${prefix}${k}`] = v;
    }
  };
  walk(policy as unknown as Record<string, unknown>, '');
  return out;
}

/** The request the values make: each dotted name back in its place. */
export function policyRequest(values: FormValues): FormValues {
  const out: FormValues = {};
  for (const [path, v] of Object.entries(values)) {
    const keys = path.split('.');
    let node = out;
    for (const k of keys.slice(0, -1)) node = (isGroup(node[k]) ? node[k] : (node[k] = {})) as FormValues;
    node[keys[keys.length - 1]] = v;
  }
  return out;
}

/** The errors no input of `shown` tells: a platform refusal names the policy's group (`caps`), not the input. */
export function strayErrors(
  errors: Record<string, string>,
  shown: readonly string[],
  lists: readonly string[],
): string[] {
  return Object.entries(errors)
    .filter(([k]) => !shown.includes(k) && !lists.some((l) => k === l || k.startsWith(`${l}.`)))
    .map(([, m]) => m);
}

/** The settings form on the one form machine: checked against the form schema as typed, the parsed policy sent, a
 * refusal that names a field told there. */
export const policyFormInput = (policy: SendPolicy): FormInput => ({
  schema: sendPolicyFormSchema,
  values: policyValues(policy),
  request: policyRequest,
  sends: 'parsed',
  rejectionAtField: true,
});
