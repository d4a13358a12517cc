import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { compactNumber, domesticMobile } from './mobile.rules';

// What a written number is, for every door that takes one (the console's send forms, address-book import, SMPP
// submit_sm, the HTTP API) and what the carrier is given for it:
// - domestic: a mainland mobile, 11 digits 1[3-9]…, bare or after +86 / 0086 / 86, spaces and dashes allowed;
// - international: a number written with its country code after + or 00 that is a valid number of a known country
//   (libphonenumber's full metadata), stored as E.164;
// - invalid: anything else. A + never disappears: "+13055550100" is a number in the United States, not the mainland
//   mobile 13055550100.

export type NumberClass =
  | { kind: 'domestic'; mobile: string; e164: string; country: 'CN' }
  | { kind: 'international'; e164: string; country: string }
  | { kind: 'invalid' };

export const INVALID_NUMBER: NumberClass = { kind: 'invalid' };

/** The ISO 3166 country of a number ('' for an invalid one). */
export const countryOf = (n: NumberClass) => (n.kind === 'invalid' ? '' : n.country);

/** A country code written as + or 00, then 6-16 digits: the shape E.164 allows before the metadata is asked. */
const WITH_COUNTRY_CODE = /^(?:\+|00)[1-9]\d{5,15}$/;

export function classifyNumber(raw: string): NumberClass {
  const mobile = domesticMobile(raw);
  if (mobile !== null) return { kind: 'domestic', mobile, e164: `+86${mobile}`, country: 'CN' };
  const compact = compactNumber(raw);
  if (!WITH_COUNTRY_CODE.test(compact)) return INVALID_NUMBER;
  const phone = parsePhoneNumberFromString(`+${compact.replace(/^(?:\+|00)/, '')}`);
  if (phone?.isValid() !== true || !phone.country) return INVALID_NUMBER;
  return { kind: 'international', e164: phone.number, country: phone.country };
}

/** SMPP's type of number (TON) for an address whose digits begin with its country code. */
export const TON_INTERNATIONAL = 1;

/** An SMPP address: with TON international its digits carry the country code whether or not a + is written (so
 * 13055550100 is +1 305 555 0100); with any other TON it is read as written, as the console reads a typed number. */
export function classifySmppAddress(ton: number, addr: string): NumberClass {
  if (ton !== TON_INTERNATIONAL) return classifyNumber(addr);
  const digits = compactNumber(addr).replace(/^(?:\+|00)/, '');
  return classifyNumber(`+${digits}`);
}

/** The SMS products a number can go on: 0 domestic, 1 international. */
export type SmsProduct = 0 | 1;
export type NumberRefusal = 'INVALID_NUMBER' | 'INTERNATIONAL_NOT_ALLOWED';

/** Where the number goes on a product: the form stored on its record (11 digits domestic, E.164 international) and
 * its country (international only), or why that product does not take it. The domestic product takes mainland
 * mobiles only; the international one takes any valid number, a mainland mobile as +86…. */
export function destinationOn(
  prodType: SmsProduct,
  n: NumberClass,
): { mobile: string; country: string | null; refused?: undefined } | { refused: NumberRefusal } {
  if (n.kind === 'invalid') return { refused: 'INVALID_NUMBER' };
  if (prodType === 0)
    return n.kind === 'domestic' ? { mobile: n.mobile, country: null } : { refused: 'INTERNATIONAL_NOT_ALLOWED' };
  return { mobile: n.e164, country: n.country };
}

/** The product numbers go on for an account granted `granted`: the international one when any of them is
 * international and the account has it, else the domestic one when it has it, else the international one; undefined
 * when the account has neither. */
export function productFor(numbers: readonly NumberClass[], granted: readonly number[]): SmsProduct | undefined {
  const has = (p: SmsProduct) => granted.includes(p);
  if (has(1) && numbers.some((n) => n.kind === 'international')) return 1;
  if (has(0)) return 0;
  return has(1) ? 1 : undefined;
}

/** The digits a carrier is sent for a stored number (E.164 without the +): a domestic record's 11 digits get China's
 * 86 in front, an international record's E.164 loses its +. */
export function carrierDigits(prodType: number, stored: string): string {
  if (stored.startsWith('+')) return stored.slice(1);
  return prodType === 1 ? stored : `86${stored}`;
}
