// What a send may name as its sender, for every door (the console's international form, the HTTP API's `sender`,
// SMPP's source_addr):
// - domestic messages go out from an address of the account: its source code (srcId) and extension, or the platform's
//   code and extension, which is what carriers are sent; a longer address starting with one of them (a
//   sub-extension) too. Nothing else: replies find the account by that extension.
// - international messages may also name a sender id, as the console's international form does: up to 11 letters and
//   digits, or up to 15 digits (what a handset can show as the sender). It is kept on the batch; the carrier gets it
//   as the source address only on a route that allows sender ids (the platform's carriers/source-address.ts), else
//   the account's address.

/** The platform's code that every carrier-bound message starts its sender with, before the account's extension. */
export const PLATFORM_SENDER_CODE = '106900';

/** The longest sender address the HTTP API and SMPP take (source code and extension and a sub-extension). */
export const SENDER_ADDRESS_MAX = 21;

export function isSenderId(s: string): boolean {
  return /^[A-Za-z0-9]{1,11}$/.test(s) || /^\d{1,15}$/.test(s);
}

export interface SenderAccount {
  srcId?: string | null;
  ext?: string | null;
}

/** The addresses the account's domestic messages may start their sender with, most specific first. */
export function senderAddresses(a: SenderAccount): string[] {
  const ext = a.ext ?? '';
  const own = `${a.srcId ?? ''}${ext}`;
  return [...new Set([own, `${PLATFORM_SENDER_CODE}${ext}`])];
}

export type SenderCheck = { ok: true; senderId: string | null } | { ok: false; allowed: string[] };

/** A sender a send names ('' for none: the account's own address) on a product: allowed, with the sender id to keep
 * on an international batch, or refused with the addresses that would be. */
export function checkSender(sender: string, prodType: 0 | 1, a: SenderAccount): SenderCheck {
  if (sender === '') return { ok: true, senderId: null };
  const allowed = senderAddresses(a);
  // an account with neither a source code nor an extension has no address of its own to hold a sender to
  if (allowed[0] === '') return { ok: true, senderId: prodType === 1 && isSenderId(sender) ? sender : null };
  if (/^\d+$/.test(sender) && sender.length <= SENDER_ADDRESS_MAX && allowed.some((p) => sender.startsWith(p)))
    return { ok: true, senderId: null };
  if (prodType === 1 && isSenderId(sender)) return { ok: true, senderId: sender };
  return { ok: false, allowed };
}
