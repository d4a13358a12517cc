import { STATUS } from './command-status';
import { FIELD_MAX, bodyLayout, cString, shortMessage, u8, type BodyLayout } from './pdu-fields';
import type {
  BindPdu,
  BindRespPdu,
  CommandName,
  MessageIdRespPdu,
  QuerySmPdu,
  QuerySmRespPdu,
  ShortMessagePdu,
} from './pdu-types';

// Each body's mandatory fields, listed once in wire order: the codec reads and writes a PDU by its list, so the two
// directions cannot disagree on a field's order, bound or the status a malformed one is refused with.

const BIND = bodyLayout<BindPdu>([
  cString('system_id', 'systemId', FIELD_MAX.systemId, STATUS.RINVSYSID),
  cString('password', 'password', FIELD_MAX.password, STATUS.RINVPASWD),
  cString('system_type', 'systemType', FIELD_MAX.systemType, STATUS.RINVSYSTYP),
  u8('interface_version', 'interfaceVersion'),
  u8('addr_ton', 'addrTon'),
  u8('addr_npi', 'addrNpi'),
  cString('address_range', 'addressRange', FIELD_MAX.addressRange, STATUS.RINVPARLEN),
]);

const BIND_RESP = bodyLayout<BindRespPdu>([cString('system_id', 'systemId', FIELD_MAX.systemId, STATUS.RINVSYSID)]);

/** submit_sm and deliver_sm share one body. */
const SHORT_MESSAGE = bodyLayout<ShortMessagePdu>([
  cString('service_type', 'serviceType', FIELD_MAX.serviceType, STATUS.RINVSERTYP),
  u8('source_addr_ton', 'sourceAddrTon'),
  u8('source_addr_npi', 'sourceAddrNpi'),
  cString('source_addr', 'sourceAddr', FIELD_MAX.address, STATUS.RINVSRCADR),
  u8('dest_addr_ton', 'destAddrTon'),
  u8('dest_addr_npi', 'destAddrNpi'),
  cString('destination_addr', 'destinationAddr', FIELD_MAX.address, STATUS.RINVDSTADR),
  u8('esm_class', 'esmClass'),
  u8('protocol_id', 'protocolId'),
  u8('priority_flag', 'priorityFlag'),
  cString('schedule_delivery_time', 'scheduleDeliveryTime', FIELD_MAX.time, STATUS.RINVSCHED),
  cString('validity_period', 'validityPeriod', FIELD_MAX.time, STATUS.RINVEXPIRY),
  u8('registered_delivery', 'registeredDelivery'),
  u8('replace_if_present_flag', 'replaceIfPresentFlag'),
  u8('data_coding', 'dataCoding'),
  u8('sm_default_msg_id', 'smDefaultMsgId'),
  shortMessage('shortMessage'),
]);

const MESSAGE_ID_RESP = bodyLayout<MessageIdRespPdu>([
  cString('message_id', 'messageId', FIELD_MAX.messageId, STATUS.RINVMSGID),
]);

const QUERY_SM = bodyLayout<QuerySmPdu>([
  cString('message_id', 'messageId', FIELD_MAX.messageId, STATUS.RINVMSGID),
  u8('source_addr_ton', 'sourceAddrTon'),
  u8('source_addr_npi', 'sourceAddrNpi'),
  cString('source_addr', 'sourceAddr', FIELD_MAX.address, STATUS.RINVSRCADR),
]);

const QUERY_SM_RESP = bodyLayout<QuerySmRespPdu>([
  cString('message_id', 'messageId', FIELD_MAX.messageId, STATUS.RINVMSGID),
  cString('final_date', 'finalDate', FIELD_MAX.time, STATUS.RINVPARLEN),
  u8('message_state', 'messageState'),
  u8('error_code', 'errorCode'),
]);

const NONE = bodyLayout<object>([]);

export interface PduBody {
  layout: BodyLayout;
  /** nothing after the header is read: unbind and enquire_link are answered whatever follows it */
  ignored?: true;
  /** an error response is written without the body */
  omittedOnError?: true;
}

export const PDU_BODIES: Record<CommandName, PduBody> = {
  generic_nack: { layout: NONE, ignored: true },
  bind_receiver: { layout: BIND },
  bind_receiver_resp: { layout: BIND_RESP },
  bind_transmitter: { layout: BIND },
  bind_transmitter_resp: { layout: BIND_RESP },
  query_sm: { layout: QUERY_SM },
  query_sm_resp: { layout: QUERY_SM_RESP },
  submit_sm: { layout: SHORT_MESSAGE },
  submit_sm_resp: { layout: MESSAGE_ID_RESP, omittedOnError: true },
  deliver_sm: { layout: SHORT_MESSAGE },
  // written whole whatever its status: a deliver_sm_resp's message_id is always present, if empty
  deliver_sm_resp: { layout: MESSAGE_ID_RESP },
  unbind: { layout: NONE, ignored: true },
  unbind_resp: { layout: NONE, ignored: true },
  bind_transceiver: { layout: BIND },
  bind_transceiver_resp: { layout: BIND_RESP },
  enquire_link: { layout: NONE, ignored: true },
  enquire_link_resp: { layout: NONE, ignored: true },
};
