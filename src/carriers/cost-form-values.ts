import type { CostRow } from '../../contract/endpoints/carrier-cost.endpoints';
import type { FormValues } from '../../machines/form.machine';

// The cost form holds what the operator types (the cost as text, the date as epoch ms from the calendar); these turn
// a stored cost into form values and form values into the contract's request, which the form machine then checks
// with the endpoint's own schema. The cost stays text all the way: it is money, never a float. A scope left empty is
// sent absent, so the contract says when neither or both are given.

export const newCost = (now: number): FormValues => ({
  carrier: '',
  country: '',
  prefix: '',
  cost: '',
  effectiveFrom: now,
});

export const costValues = (c: CostRow): FormValues => ({
  carrier: c.carrier,
  country: c.country ?? '',
  prefix: c.prefix ?? '',
  cost: c.cost,
  effectiveFrom: Date.parse(c.effectiveFrom),
});

export function costRequest(v: FormValues, id?: number): FormValues {
  const text = (k: string) => String(v[k] ?? '').trim();
  const at =
    v.effectiveFrom === null || v.effectiveFrom === '' || v.effectiveFrom === undefined ? NaN : Number(v.effectiveFrom);
  return {
    ...(id === undefined ? {} : { id }),
    carrier: text('carrier'),
    ...(text('country') ? { country: text('country').toUpperCase() } : {}),
    ...(text('prefix') ? { prefix: text('prefix') } : {}),
    cost: text('cost'),
    effectiveFrom: Number.isFinite(at) ? new Date(at).toISOString() : '',
  };
}
