// PDU shapes of the SMPP 3.4 operations the server speaks. Octet strings stay Buffers; C-octet strings are decoded
// as latin1 so every byte survives a round trip.

export const COMMAND = {
  generic_nack: 0x80000000,
  bind_receiver: 0x00000001,
  bind_receiver_resp: 0x80000001,
  bind_transmitter: 0x00000002,
  bind_transmitter_resp: 0x80000002,
  query_sm: 0x00000003,
  query_sm_resp: 0x80000003,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  bind_transceiver: 0x00000009,
  bind_transceiver_resp: 0x80000009,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
} as const;

export type CommandName = keyof typeof COMMAND;

export const COMMAND_NAMES = new Map<number, CommandName>(
  Object.entries(COMMAND).map(([k, v]) => [v, k as CommandName]),
);

export function isResponseId(commandId: number): boolean {
  return (commandId & 0x80000000) !== 0;
}

export const TLV = {
  receipted_message_id: 0x001e,
  sar_msg_ref_num: 0x020c,
  sar_total_segments: 0x020e,
  sar_segment_seqnum: 0x020f,
  sc_interface_version: 0x0210,
  network_error_code: 0x0423,
  message_payload: 0x0424,
  message_state: 0x0427,
} as const;

export interface Tlv {
  tag: number;
  value: Buffer;
}

interface Header {
  commandStatus: number;
  sequenceNumber: number;
  /** optional parameters in wire order, unknown tags included. */
  tlvs?: Tlv[];
}

export type BindCommand = 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver';
export type BindRespCommand = 'bind_transmitter_resp' | 'bind_receiver_resp' | 'bind_transceiver_resp';
export type EmptyCommand = 'unbind' | 'unbind_resp' | 'enquire_link' | 'enquire_link_resp' | 'generic_nack';

export interface BindPdu extends Header {
  command: BindCommand;
  systemId: string;
  password: string;
  systemType: string;
  interfaceVersion: number;
  addrTon: number;
  addrNpi: number;
  addressRange: string;
}

export interface BindRespPdu extends Header {
  command: BindRespCommand;
  systemId: string;
}

export interface EmptyPdu extends Header {
  command: EmptyCommand;
}

/** submit_sm and deliver_sm share one body layout. */
export interface ShortMessagePdu extends Header {
  command: 'submit_sm' | 'deliver_sm';
  serviceType: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  destinationAddr: string;
  esmClass: number;
  protocolId: number;
  priorityFlag: number;
  scheduleDeliveryTime: string;
  validityPeriod: string;
  registeredDelivery: number;
  replaceIfPresentFlag: number;
  dataCoding: number;
  smDefaultMsgId: number;
  shortMessage: Buffer;
}

export interface MessageIdRespPdu extends Header {
  command: 'submit_sm_resp' | 'deliver_sm_resp';
  messageId: string;
}

export interface QuerySmPdu extends Header {
  command: 'query_sm';
  messageId: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
}

export interface QuerySmRespPdu extends Header {
  command: 'query_sm_resp';
  messageId: string;
  finalDate: string;
  messageState: number;
  errorCode: number;
}

export type Pdu = BindPdu | BindRespPdu | EmptyPdu | ShortMessagePdu | MessageIdRespPdu | QuerySmPdu | QuerySmRespPdu;

export const ESM_CLASS = {
  /** the short message (or message_payload) starts with a user data header. */
  udhi: 0x40,
  /** a deliver_sm that carries a delivery receipt. */
  deliveryReceipt: 0x04,
} as const;

/** message_state values (receipts and query_sm_resp). */
export const MESSAGE_STATE = {
  ENROUTE: 1,
  DELIVERED: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIVERABLE: 5,
  ACCEPTED: 6,
  UNKNOWN: 7,
  REJECTED: 8,
} as const;

/** A deliver_sm or submit_sm with every optional field at its usual default. */
export function shortMessagePdu(
  command: 'submit_sm' | 'deliver_sm',
  fields: Partial<Omit<ShortMessagePdu, 'command'>> & { sourceAddr: string; destinationAddr: string },
): ShortMessagePdu {
  return {
    command,
    commandStatus: 0,
    sequenceNumber: 0,
    serviceType: '',
    sourceAddrTon: 0,
    sourceAddrNpi: 0,
    destAddrTon: 0,
    destAddrNpi: 0,
    esmClass: 0,
    protocolId: 0,
    priorityFlag: 0,
    scheduleDeliveryTime: '',
    validityPeriod: '',
    registeredDelivery: 0,
    replaceIfPresentFlag: 0,
    dataCoding: 0,
    smDefaultMsgId: 0,
    shortMessage: Buffer.alloc(0),
    tlvs: [],
    ...fields,
  };
}

export function findTlv(pdu: { tlvs?: Tlv[] }, tag: number): Buffer | undefined {
  return pdu.tlvs?.find((t) => t.tag === tag)?.value;
}

/** An integer TLV of 1, 2 or 4 octets, big-endian; undefined when absent or of another width. */
export function tlvInt(pdu: { tlvs?: Tlv[] }, tag: number): number | undefined {
  const v = findTlv(pdu, tag);
  if (!v) return undefined;
  if (v.length === 1) return v.readUInt8(0);
  if (v.length === 2) return v.readUInt16BE(0);
  if (v.length === 4) return v.readUInt32BE(0);
  return undefined;
}

export function intTlv(tag: number, value: number, octets: 1 | 2 | 4): Tlv {
  const b = Buffer.alloc(octets);
  if (octets === 1) b.writeUInt8(value);
  else if (octets === 2) b.writeUInt16BE(value);
  else b.writeUInt32BE(value);
  return { tag, value: b };
}

/** A C-octet string TLV (receipted_message_id): the text and its terminating NUL. */
export function cStringTlv(tag: number, value: string): Tlv {
  return { tag, value: Buffer.concat([Buffer.from(value, 'latin1'), Buffer.alloc(1)]) };
}

export function tlvCString(pdu: { tlvs?: Tlv[] }, tag: number): string | undefined {
  const v = findTlv(pdu, tag);
  if (!v) return undefined;
  const end = v.indexOf(0);
  return v.subarray(0, end < 0 ? v.length : end).toString('latin1');
}
