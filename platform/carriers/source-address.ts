import { PLATFORM_SENDER_CODE, isSenderId } from '../../contract/validation/sender.rules';
import type { CarrierConfig } from './carrier-config';

// The one rule for the address a message goes out from, and its type of number. By default it is the platform's code
// and the account's extension, with the carrier's configured source_addr_ton and npi: replies to it name the account.
// An international message whose send named a sender id goes out from that id instead when its route allows it, typed
// as SMPP clients that autodetect a sender's type (Kannel's among them) type it: any character that is not a digit makes it
// alphanumeric (ton 5, npi 0); all digits stay a number with the carrier's own ton and npi. A numeric id starting with
// the platform's code is never used: it would name an extension, and a reply to it would reach that account.

/** SMPP's type of number "alphanumeric". */
export const TON_ALPHANUMERIC = 5;
/** SMPP's numbering plan "unknown", what an alphanumeric address carries. */
export const NPI_UNKNOWN = 0;

export interface SourceAddress {
  addr: string;
  ton: number;
  npi: number;
}

export interface SourceOf {
  prodType: number;
  /** the sender id the message's batch keeps (international sends only), or null */
  senderId: string | null;
  extNumber: string | null;
  /** whether the route that took the message lets sender ids through (`alphaSenderIds`) */
  routeAllows: boolean;
  carrier: Pick<CarrierConfig, 'sourceTon' | 'sourceNpi'>;
}

/** The platform's code and the account's extension: what routes match `senders` against, and what replies come to. */
export const platformAddress = (extNumber: string | null): string => PLATFORM_SENDER_CODE + (extNumber ?? '');

export function sourceAddressOf(m: SourceOf): SourceAddress {
  const own = { ton: m.carrier.sourceTon, npi: m.carrier.sourceNpi };
  const id = m.senderId;
  if (m.prodType !== 1 || !m.routeAllows || id === null || !isSenderId(id))
    return { addr: platformAddress(m.extNumber), ...own };
  if (!/^\d+$/.test(id)) return { addr: id, ton: TON_ALPHANUMERIC, npi: NPI_UNKNOWN };
  if (id.startsWith(PLATFORM_SENDER_CODE)) return { addr: platformAddress(m.extNumber), ...own };
  return { addr: id, ...own };
}
