import { STATUS } from './command-status';
import { BodyReader, BodyWriter, FIELD_MAX, PduDecodeError } from './pdu-fields';
import { COMMAND, COMMAND_NAMES, type BindCommand, type BindRespCommand, type EmptyCommand, type Pdu, type ShortMessagePdu } from './pdu-types';

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

const BIND_COMMANDS = new Set<string>(['bind_transmitter', 'bind_receiver', 'bind_transceiver']);
const BIND_RESP_COMMANDS = new Set<string>(['bind_transmitter_resp', 'bind_receiver_resp', 'bind_transceiver_resp']);
const EMPTY_COMMANDS = new Set<string>(['unbind', 'unbind_resp', 'enquire_link', 'enquire_link_resp', 'generic_nack']);

/**
 * One whole frame (as the frame reader yields it) into a PDU. A body that does not parse throws PduDecodeError with
 * the status to answer and the request's sequence number; an unknown command id throws it with ESME_RINVCMDID.
 */
export function decodePdu(frame: Buffer): Pdu {
  const h = readHeader(frame);
  const name = COMMAND_NAMES.get(h.commandId);
  if (!name) throw new PduDecodeError(`unknown command_id 0x${h.commandId.toString(16)}`, STATUS.RINVCMDID, h.commandId, h.sequenceNumber);
  const r = new BodyReader(frame.subarray(0, h.commandLength), HEADER_OCTETS, h.commandId, h.sequenceNumber);
  const base = { commandStatus: h.commandStatus, sequenceNumber: h.sequenceNumber };
  // an error response may come without its body
  const bareResponse = (h.commandId & 0x80000000) !== 0 && r.remaining === 0;

  if (BIND_COMMANDS.has(name)) {
    return {
      ...base,
      command: name as BindCommand,
      systemId: r.cString('system_id', FIELD_MAX.systemId, STATUS.RINVSYSID),
      password: r.cString('password', FIELD_MAX.password, STATUS.RINVPASWD),
      systemType: r.cString('system_type', FIELD_MAX.systemType, STATUS.RINVSYSTYP),
      interfaceVersion: r.u8('interface_version'),
      addrTon: r.u8('addr_ton'),
      addrNpi: r.u8('addr_npi'),
      addressRange: r.cString('address_range', FIELD_MAX.addressRange, STATUS.RINVPARLEN),
      tlvs: r.tlvs(),
    };
  }
  if (BIND_RESP_COMMANDS.has(name)) {
    if (bareResponse) return { ...base, command: name as BindRespCommand, systemId: '', tlvs: [] };
    return { ...base, command: name as BindRespCommand, systemId: r.cString('system_id', FIELD_MAX.systemId, STATUS.RINVSYSID), tlvs: r.tlvs() };
  }
  if (EMPTY_COMMANDS.has(name)) {
    // a body here is not ours to judge: unbind and enquire_link are answered whatever follows their header
    return { ...base, command: name as EmptyCommand, tlvs: [] };
  }
  switch (name) {
    case 'submit_sm':
    case 'deliver_sm':
      return decodeShortMessage(name, r, base);
    case 'submit_sm_resp':
    case 'deliver_sm_resp':
      if (bareResponse) return { ...base, command: name, messageId: '', tlvs: [] };
      return { ...base, command: name, messageId: r.cString('message_id', FIELD_MAX.messageId, STATUS.RINVMSGID), tlvs: r.tlvs() };
    case 'query_sm':
      return {
        ...base,
        command: name,
        messageId: r.cString('message_id', FIELD_MAX.messageId, STATUS.RINVMSGID),
        sourceAddrTon: r.u8('source_addr_ton'),
        sourceAddrNpi: r.u8('source_addr_npi'),
        sourceAddr: r.cString('source_addr', FIELD_MAX.address, STATUS.RINVSRCADR),
        tlvs: r.tlvs(),
      };
    case 'query_sm_resp':
      if (bareResponse) return { ...base, command: name, messageId: '', finalDate: '', messageState: 0, errorCode: 0, tlvs: [] };
      return {
        ...base,
        command: name,
        messageId: r.cString('message_id', FIELD_MAX.messageId, STATUS.RINVMSGID),
        finalDate: r.cString('final_date', FIELD_MAX.time, STATUS.RINVPARLEN),
        messageState: r.u8('message_state'),
        errorCode: r.u8('error_code'),
        tlvs: r.tlvs(),
      };
    default:
      throw new PduDecodeError(`command ${name} is not handled`, STATUS.RINVCMDID, h.commandId, h.sequenceNumber);
  }
}

function decodeShortMessage(command: 'submit_sm' | 'deliver_sm', r: BodyReader, base: { commandStatus: number; sequenceNumber: number }): ShortMessagePdu {
  const serviceType = r.cString('service_type', FIELD_MAX.serviceType, STATUS.RINVSERTYP);
  const sourceAddrTon = r.u8('source_addr_ton');
  const sourceAddrNpi = r.u8('source_addr_npi');
  const sourceAddr = r.cString('source_addr', FIELD_MAX.address, STATUS.RINVSRCADR);
  const destAddrTon = r.u8('dest_addr_ton');
  const destAddrNpi = r.u8('dest_addr_npi');
  const destinationAddr = r.cString('destination_addr', FIELD_MAX.address, STATUS.RINVDSTADR);
  const esmClass = r.u8('esm_class');
  const protocolId = r.u8('protocol_id');
  const priorityFlag = r.u8('priority_flag');
  const scheduleDeliveryTime = r.cString('schedule_delivery_time', FIELD_MAX.time, STATUS.RINVSCHED);
  const validityPeriod = r.cString('validity_period', FIELD_MAX.time, STATUS.RINVEXPIRY);
  const registeredDelivery = r.u8('registered_delivery');
  const replaceIfPresentFlag = r.u8('replace_if_present_flag');
  const dataCoding = r.u8('data_coding');
  const smDefaultMsgId = r.u8('sm_default_msg_id');
  const smLength = r.u8('sm_length');
  if (smLength > FIELD_MAX.shortMessage) r.fail(`sm_length ${smLength} is over ${FIELD_MAX.shortMessage}`, STATUS.RINVMSGLEN);
  if (smLength > r.remaining) r.fail(`sm_length ${smLength} runs past the PDU`, STATUS.RINVMSGLEN);
  const shortMessage = r.octets('short_message', smLength);
  return {
    ...base,
    command,
    serviceType,
    sourceAddrTon,
    sourceAddrNpi,
    sourceAddr,
    destAddrTon,
    destAddrNpi,
    destinationAddr,
    esmClass,
    protocolId,
    priorityFlag,
    scheduleDeliveryTime,
    validityPeriod,
    registeredDelivery,
    replaceIfPresentFlag,
    dataCoding,
    smDefaultMsgId,
    shortMessage,
    tlvs: r.tlvs(),
  };
}

/** A PDU into its frame. Throws RangeError when a field is over its limit, so nothing malformed leaves. */
export function encodePdu(pdu: Pdu): Buffer {
  const w = new BodyWriter();
  switch (pdu.command) {
    case 'bind_transmitter':
    case 'bind_receiver':
    case 'bind_transceiver':
      w.cString('system_id', pdu.systemId, FIELD_MAX.systemId)
        .cString('password', pdu.password, FIELD_MAX.password)
        .cString('system_type', pdu.systemType, FIELD_MAX.systemType)
        .u8(pdu.interfaceVersion)
        .u8(pdu.addrTon)
        .u8(pdu.addrNpi)
        .cString('address_range', pdu.addressRange, FIELD_MAX.addressRange);
      break;
    case 'bind_transmitter_resp':
    case 'bind_receiver_resp':
    case 'bind_transceiver_resp':
      w.cString('system_id', pdu.systemId, FIELD_MAX.systemId);
      break;
    case 'submit_sm':
    case 'deliver_sm':
      if (pdu.shortMessage.length > FIELD_MAX.shortMessage) throw new RangeError(`short_message is over ${FIELD_MAX.shortMessage} octets`);
      w.cString('service_type', pdu.serviceType, FIELD_MAX.serviceType)
        .u8(pdu.sourceAddrTon)
        .u8(pdu.sourceAddrNpi)
        .cString('source_addr', pdu.sourceAddr, FIELD_MAX.address)
        .u8(pdu.destAddrTon)
        .u8(pdu.destAddrNpi)
        .cString('destination_addr', pdu.destinationAddr, FIELD_MAX.address)
        .u8(pdu.esmClass)
        .u8(pdu.protocolId)
        .u8(pdu.priorityFlag)
        .cString('schedule_delivery_time', pdu.scheduleDeliveryTime, FIELD_MAX.time)
        .cString('validity_period', pdu.validityPeriod, FIELD_MAX.time)
        .u8(pdu.registeredDelivery)
        .u8(pdu.replaceIfPresentFlag)
        .u8(pdu.dataCoding)
        .u8(pdu.smDefaultMsgId)
        .u8(pdu.shortMessage.length)
        .octets(pdu.shortMessage);
      break;
    case 'submit_sm_resp':
    case 'deliver_sm_resp':
      // an error response carries no body
      if (pdu.commandStatus === STATUS.ROK || pdu.command === 'deliver_sm_resp') w.cString('message_id', pdu.messageId, FIELD_MAX.messageId);
      break;
    case 'query_sm':
      w.cString('message_id', pdu.messageId, FIELD_MAX.messageId)
        .u8(pdu.sourceAddrTon)
        .u8(pdu.sourceAddrNpi)
        .cString('source_addr', pdu.sourceAddr, FIELD_MAX.address);
      break;
    case 'query_sm_resp':
      w.cString('message_id', pdu.messageId, FIELD_MAX.messageId).cString('final_date', pdu.finalDate, FIELD_MAX.time).u8(pdu.messageState).u8(pdu.errorCode);
      break;
    default:
      break;
  }
  w.tlvs(pdu.tlvs);
  return w.frame(COMMAND[pdu.command], pdu.commandStatus, pdu.sequenceNumber);
}
