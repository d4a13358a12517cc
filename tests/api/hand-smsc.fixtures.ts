import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { receiptPdu } from '../../platform/smpp/receipt-outbox';
import { SmppServer } from '../../platform/smpp/smpp-server';
import { startPlatform, type TestPlatform } from '../helpers/platform';

// An SMSC on loopback that the test drives by hand: it takes every submit from the platform's bind and remembers its
// id by destination; receipts go only when the test sends them.

export const HAND_SYSTEM_ID = 'platform';
export const HAND_PASSWORD = 'pw';

/** `binds()` counts the binds it accepted, `submitted` every submit's destination; `refuse` answers a submit with a
 * status instead of taking it. `messageId` gives the id each submit is answered with (a carrier reusing ids); by
 * default each is new. `down`: the carrier refuses every bind until `up()` (a carrier coming up where the platform has
 * been trying to bind). It keeps its port from the start, so no other test's socket can take it in between. */
export async function handDrivenSmsc(
  opts: { messageId?: () => string; down?: boolean; refuse?: (destination: string) => number | null } = {},
) {
  const ids = new Map<string, string>();
  /** the source address of the last submit to each destination */
  const sources = new Map<string, string>();
  let next = 0x5a000;
  let down = opts.down ?? false;
  let binds = 0;
  /** every submit's destination, refused ones included */
  const submitted: string[] = [];
  const server = new SmppServer({
    systemId: 'HANDSMSC',
    authenticate: async (r) => {
      if (down) return { ok: false, status: STATUS.RBINDFAIL };
      if (r.systemId !== HAND_SYSTEM_ID || r.password !== HAND_PASSWORD) return { ok: false, status: STATUS.RINVPASWD };
      binds++;
      return { ok: true, accountId: HAND_SYSTEM_ID };
    },
    submit: async (_session, message) => {
      const dest = message.pdu.destinationAddr;
      submitted.push(dest);
      const status = opts.refuse?.(dest) ?? null;
      if (status !== null) return { status };
      const messageId = opts.messageId?.() ?? (next++).toString(16);
      ids.set(message.pdu.destinationAddr, messageId);
      sources.set(message.pdu.destinationAddr, message.pdu.sourceAddr);
      return { messageId };
    },
  });
  const { port } = await server.listen(0, '127.0.0.1');
  /** A receipt (DELIVRD unless told) for the last message to `destination`; resolves with the platform's
   * deliver_sm_resp. */
  const receipt = (destination: string, stat = 'DELIVRD') => {
    const id = ids.get(destination)!;
    const at = new Date();
    return server.deliverToAccount(
      HAND_SYSTEM_ID,
      receiptPdu(
        {
          id,
          kind: 'receipt',
          cus_id: HAND_SYSTEM_ID,
          message_ids: [],
          mobile: destination,
          client_addr: '106900',
          text: '',
          stat,
          err: stat === 'DELIVRD' ? '0' : '1',
          submit_date: at,
          done_date: at,
        },
        id,
      ),
    );
  };
  const up = () => {
    down = false;
  };
  return {
    server,
    port,
    ids,
    sources,
    receipt,
    up,
    binds: () => binds,
    submitted,
    carrier: (name: string) => ({ name, host: '127.0.0.1', port, systemId: HAND_SYSTEM_ID, password: HAND_PASSWORD }),
  };
}

/** Writes a carriers file to a temporary directory and gives its path. */
export function carriersFile(content: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'carriers-')), 'carriers.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

/** A platform whose carriers and routes are `content` (written as its carriers file), every message delivered. */
export function platformWithCarriers(
  kind: Parameters<typeof startPlatform>[0],
  content: object,
): Promise<TestPlatform> {
  return startPlatform(kind, {
    carriers: { source: 'file', file: carriersFile(content) },
    simulator: { reviewMs: 100, reportMs: 100, successRate: 1, failureRate: 0, replyRate: 0 },
    logLevel: 'silent',
  });
}
