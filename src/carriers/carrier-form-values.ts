import type { CarrierView, RouteView } from '../../contract/endpoints/carrier-control.endpoints';
import type { FormValues } from '../../machines/form.machine';
import { listText, numberList, optionalList } from './list-text';

// The carrier and route forms hold what the operator types (numbers and lists as text); these turn a stored carrier or
// route into form values and form values into the contract's request, which the form machine then checks with the
// endpoint's own schema. A number left empty is sent absent, so the contract's default applies (or, for a required
// one, its check names the field); text that is no number is sent as NaN, which the check refuses.

export const CARRIER_NUMBERS = [
  'port',
  'binds',
  'window',
  'rate',
  'sourceTon',
  'sourceNpi',
  'destTon',
  'destNpi',
  'enquireLinkS',
  'responseTimeoutS',
  'reconnectMinS',
  'reconnectMaxS',
  'weight',
] as const;
const CARRIER_TEXTS = ['name', 'host', 'systemId', 'systemType'] as const;
const CARRIER_CHOICES = ['bindMode', 'longMessages', 'receiptIds'] as const;

/** A new carrier's form: the carriers file's defaults. */
export const NEW_CARRIER: FormValues = {
  name: '',
  host: '',
  port: '',
  systemId: '',
  password: '',
  systemType: '',
  bindMode: 'transceiver',
  binds: '1',
  window: '10',
  rate: '100',
  sourceTon: '0',
  sourceNpi: '0',
  destTon: '1',
  destNpi: '1',
  longMessages: 'udh',
  receiptIds: 'same',
  enquireLinkS: '30',
  responseTimeoutS: '30',
  reconnectMinS: '1',
  reconnectMaxS: '60',
  enabled: true,
  weight: '1',
};

/** A stored carrier as form values; its password is never shown, so the field starts empty. */
export function carrierValues(c: CarrierView): FormValues {
  const out: FormValues = { ...NEW_CARRIER, password: '', enabled: c.enabled };
  for (const k of [...CARRIER_TEXTS, ...CARRIER_CHOICES]) out[k] = c[k];
  for (const k of CARRIER_NUMBERS) out[k] = String(c[k]);
  return out;
}

const numberOf = (v: unknown): number | undefined => {
  const s = String(v ?? '').trim();
  if (s === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
};
const textOf = (v: unknown) => String(v ?? '').trim();

/** The /carrier/save request: an empty password is left out, which keeps the stored one. */
export function carrierRequest(v: FormValues): FormValues {
  const out: FormValues = { enabled: Boolean(v.enabled) };
  for (const k of CARRIER_TEXTS) out[k] = textOf(v[k]);
  for (const k of CARRIER_CHOICES) out[k] = v[k];
  for (const k of CARRIER_NUMBERS) {
    const n = numberOf(v[k]);
    if (n !== undefined) out[k] = n;
  }
  if (String(v.password ?? '') !== '') out.password = String(v.password);
  return out;
}

/** The products a route may be limited to, each a checkbox of the form (`prod0`, `prod1`, ...). */
export const ROUTE_PRODUCTS = [0, 1, 2, 6] as const;

export const NEW_ROUTE: FormValues = {
  position: '',
  prefix: '',
  country: '',
  accounts: '',
  senders: '',
  carriers: '',
  pool: 'round-robin',
  weights: '',
  alphaSenderIds: false,
  ...Object.fromEntries(ROUTE_PRODUCTS.map((p) => [`prod${p}`, false])),
};

export function routeValues(r: RouteView): FormValues {
  return {
    id: r.id,
    position: String(r.position),
    prefix: listText(r.prefix),
    country: listText(r.country),
    accounts: listText(r.accounts),
    senders: listText(r.senders),
    carriers: listText(r.carriers),
    pool: r.pool,
    weights: listText(r.weights),
    alphaSenderIds: r.alphaSenderIds === true,
    ...Object.fromEntries(ROUTE_PRODUCTS.map((p) => [`prod${p}`, r.prodTypes?.includes(p) ?? false])),
  };
}

/** The /carrier/routeSave request: lists split, countries in capitals, products from their checkboxes; weights only
 * for a weighted pool; an empty condition left out (it matches any value), and sender ids not allowed left out as the
 * stored rules leave them. */
export function routeRequest(v: FormValues): FormValues {
  const prodTypes = ROUTE_PRODUCTS.filter((p) => v[`prod${p}`] === true);
  const out: FormValues = {
    carriers: optionalList(v.carriers) ?? [],
    pool: v.pool,
    prefix: optionalList(v.prefix),
    country: optionalList(v.country)?.map((c) => c.toUpperCase()),
    accounts: optionalList(v.accounts),
    senders: optionalList(v.senders),
    prodTypes: prodTypes.length ? prodTypes : undefined,
    weights: v.pool === 'weighted' ? numberList(v.weights) : undefined,
    alphaSenderIds: v.alphaSenderIds === true ? true : undefined,
    id: typeof v.id === 'number' ? v.id : undefined,
    position: numberOf(v.position),
  };
  return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined));
}
