import { afterEach } from 'vitest';
import { encodeGsm7 } from '../../platform/smpp-wire/gsm7';
import { shortMessagePdu, type ShortMessagePdu } from '../../platform/smpp-wire/pdu-types';
import { submitFieldsOf, type EsmeOptions, type SubmitFields } from '../../platform/carriers/esme-session';

// What the carrier-link tests share: cleanup after each test, waiting for a condition, a link's options and a message.

/** Registers the test file's cleanup; `closeLater(fn)` runs fn after the test, the last registered first. */
export function cleanups(): (close: () => Promise<unknown> | unknown) => void {
  const closers: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const c of closers.splice(0).reverse()) await c();
  });
  return (close) => void closers.push(close);
}

export async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A transceiver link to 127.0.0.1:port, window 10, generous timeouts. */
export const esmeOptions = (port: number, over: Partial<EsmeOptions> = {}): EsmeOptions => ({
  host: '127.0.0.1',
  port,
  systemId: 'carrierA',
  password: 'secret',
  bindMode: 'transceiver',
  window: 10,
  responseTimeoutMs: 5000,
  enquireLinkMs: 30_000,
  bindTimeoutMs: 5000,
  ...over,
});

/** A GSM-7 submit_sm to a Chinese mobile, asking for a receipt. */
export const gsmMessage = (text: string, destinationAddr = '8613800138000'): SubmitFields =>
  submitFieldsOf(
    shortMessagePdu('submit_sm', {
      sourceAddr: '10690001',
      destinationAddr,
      shortMessage: encodeGsm7(text),
      registeredDelivery: 1,
    }) as ShortMessagePdu,
  );
