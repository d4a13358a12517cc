import { STATUS } from './command-status';
import { PDU_BODIES } from './pdu-bodies';
import { BodyReader, BodyWriter, PduDecodeError } from './pdu-fields';
import { COMMAND, COMMAND_NAMES, isResponseId, type Pdu } from './pdu-types';

export const HEADER_OCTETS = 16;

export interface PduHeaderFields {
  commandLength: number;
  commandId: number;
  commandStatus: number;
  sequenceNumber: number;
}

export function readHeader(frame: Buffer): PduHeaderFields {
  return {
    commandLength: frame.readUInt32BE(0),
    commandId: frame.readUInt32BE(4),
    commandStatus: frame.readUInt32BE(8),
    sequenceNumber: frame.readUInt32BE(12),
  };
}

/**
 * One whole frame (as the frame reader yields it) into a PDU. A body that does not parse throws PduDecodeError with
 * the status to answer and the request's sequence number; an unknown command id throws it with ESME_RINVCMDID.
 */
export function decodePdu(frame: Buffer): Pdu {
  const h = readHeader(frame);
  const name = COMMAND_NAMES.get(h.commandId);
  if (!name)
    throw new PduDecodeError(
      `unknown command_id 0x${h.commandId.toString(16)}`,
      STATUS.RINVCMDID,
      h.commandId,
      h.sequenceNumber,
    );
  const pdu: Record<string, unknown> = {
    commandStatus: h.commandStatus,
    sequenceNumber: h.sequenceNumber,
    command: name,
  };
  const body = PDU_BODIES[name];
  if (body.ignored) {
    pdu.tlvs = [];
    return pdu as unknown as Pdu;
  }
  const r = new BodyReader(frame.subarray(0, h.commandLength), HEADER_OCTETS, h.commandId, h.sequenceNumber);
  // an error response may come without its body
  if (isResponseId(h.commandId) && r.remaining === 0) {
    body.layout.empty(pdu);
    pdu.tlvs = [];
    return pdu as unknown as Pdu;
  }
  body.layout.read(r, pdu);
  pdu.tlvs = r.tlvs();
  return pdu as unknown as Pdu;
}

/** A PDU into its frame. Throws RangeError when a field is over its limit, so nothing malformed leaves. */
export function encodePdu(pdu: Pdu): Buffer {
  const w = new BodyWriter();
  const body = PDU_BODIES[pdu.command];
  if (!(body.omittedOnError && pdu.commandStatus !== STATUS.ROK))
    body.layout.write(w, pdu as unknown as Record<string, unknown>);
  w.tlvs(pdu.tlvs);
  return w.frame(COMMAND[pdu.command], pdu.commandStatus, pdu.sequenceNumber);
}
