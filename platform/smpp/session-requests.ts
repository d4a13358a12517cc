import { STATUS, statusName } from '../smpp-wire/command-status';
import { splitPart } from '../smpp-wire/long-message';
import type { BindPdu, Pdu, QuerySmPdu, ShortMessagePdu } from '../smpp-wire/pdu-types';
import { lengthRefusal, type ReassemblyBuffer } from './reassembly';
import type { BindRequest, BindType, ServerLogger, SessionInfo, SmppServerOptions } from './server-types';
import { fixedValidity, timesRefusal } from '../smpp-wire/smpp-time';
import { billedSegments, decodeText, isSupportedCoding } from '../smpp-wire/sms-text';

export interface SubmitHost {
  options: SmppServerOptions & { windowSize: number };
  reassembly: ReassemblyBuffer;
  newMessageId(): string;
  log: ServerLogger;
}

const BIND_TYPES: Record<BindPdu['command'], BindType> = {
  bind_transmitter: 'transmitter',
  bind_receiver: 'receiver',
  bind_transceiver: 'transceiver',
};

/** What the server's authenticate hook is asked about a bind arriving on session `sessionId`. */
export function bindRequest(pdu: BindPdu, sessionId: string, remoteAddress: string): BindRequest {
  const { systemId, password, systemType, interfaceVersion } = pdu;
  return {
    sessionId,
    systemId,
    password,
    systemType,
    interfaceVersion,
    remoteAddress,
    bindType: BIND_TYPES[pdu.command],
  };
}

/** The part of a session that answering a request needs. */
export interface RequestSession {
  readonly id: string;
  readonly canTransmit: boolean;
  /** the server is ending this session (its instance stops): what arrives now belongs on another bind */
  readonly ending: boolean;
  readonly accountId: string | null;
  inFlight: number;
  submitted: number;
  throttled: number;
  info(): SessionInfo;
  send(pdu: Pdu): void;
}

/** Segments this one PDU carries, for the rate limit (a part of a long message is one), or the refusal of a message
 * over the length bound, before it costs the account any of its rate. */
function costOf(pdu: ShortMessagePdu): { cost: number } | { status: number; reason: string } {
  const split = splitPart(pdu);
  if ('status' in split || split.part) return { cost: 1 };
  const text = decodeText(pdu.dataCoding, split.body);
  const tooLong = lengthRefusal(split.body, text);
  if (tooLong) return { status: STATUS.RINVMSGLEN, reason: tooLong };
  return { cost: billedSegments(text, split.body.length) };
}

/** Answers a submit_sm; returns the work still running (the store) or null when it was answered at once. */
export function handleSubmit(session: RequestSession, host: SubmitHost, pdu: ShortMessagePdu): Promise<void> | null {
  const answer = (status: number, messageId = '') =>
    session.send({ command: 'submit_sm_resp', commandStatus: status, sequenceNumber: pdu.sequenceNumber, messageId });
  const refuse = (status: number, reason: string) => {
    if (status === STATUS.RTHROTTLED) session.throttled++;
    host.options.onSubmitAnswered?.(status);
    host.log.info(
      { session: session.id, seq: pdu.sequenceNumber, status: statusName(status), reason },
      'smpp submit_sm refused',
    );
    answer(status);
    return null;
  };
  // a temporary status, which clients send again (Kannel, jasmin: ESME_RMSGQFUL), on the bind they make through the
  // load balancer to an instance that stays; ESME_RINVBNDSTS would make them report the message rejected
  if (session.ending && session.accountId !== null)
    return refuse(STATUS.RMSGQFUL, 'session ending: send again on another bind');
  if (!session.canTransmit || session.accountId === null) return refuse(STATUS.RINVBNDSTS, 'not bound to transmit');
  if (session.inFlight >= host.options.windowSize) return refuse(STATUS.RTHROTTLED, 'window full');
  if (!isSupportedCoding(pdu.dataCoding))
    return refuse(STATUS.RSUBMITFAIL, `data_coding ${pdu.dataCoding} is not supported`);
  const now = host.options.now?.() ?? Date.now();
  const times = timesRefusal(pdu, now);
  if (times) return refuse(times.status, times.reason);
  const cost = costOf(pdu);
  if ('status' in cost) return refuse(cost.status, cost.reason);
  const admitted = host.options.admit?.(session.info(), cost.cost) ?? STATUS.ROK;
  if (admitted !== STATUS.ROK) return refuse(admitted, 'not admitted');
  const partId = host.newMessageId();
  const added = host.reassembly.add(
    session.accountId,
    { ...pdu, validityPeriod: fixedValidity(pdu.validityPeriod, now) },
    partId,
    session.id,
  );
  if (added.kind === 'invalid') {
    if (added.abandoned) host.options.onIncomplete?.(session.accountId, added.abandoned);
    return refuse(added.status, added.reason);
  }
  if (added.kind === 'partial') {
    session.submitted++;
    answer(STATUS.ROK, partId);
    return null;
  }
  return host.options
    .submit(session.info(), added.message)
    .catch((err: Error) => {
      host.log.warn({ session: session.id, err: err.message }, 'smpp submit failed');
      return { status: STATUS.RSYSERR };
    })
    .then((outcome) => {
      if ('messageId' in outcome) {
        session.submitted++;
        host.options.onSubmitAnswered?.(STATUS.ROK);
        answer(STATUS.ROK, outcome.messageId);
        return;
      }
      // the earlier parts were answered with ids: their client hears of the refusal as it hears of an incomplete message
      const { message } = added;
      const ids = message.partIds.flatMap((id, i) => (id === null ? [] : [{ id, pdu: message.pdus[i] }]));
      if (ids.length > 0 && session.accountId)
        host.options.onIncomplete?.(session.accountId, {
          scope: session.accountId,
          received: message.pdus.length,
          total: message.pdus.length,
          pdus: ids.map((x) => x.pdu),
          partIds: ids.map((x) => x.id),
        });
      refuse(outcome.status, 'refused by the platform');
    });
}

export function handleQuery(session: RequestSession, host: SubmitHost, pdu: QuerySmPdu): Promise<void> | null {
  const fail = (status: number) => {
    session.send({
      command: 'query_sm_resp',
      commandStatus: status,
      sequenceNumber: pdu.sequenceNumber,
      messageId: pdu.messageId,
      finalDate: '',
      messageState: 0,
      errorCode: 0,
    });
    return null;
  };
  if (!session.canTransmit) return fail(STATUS.RINVBNDSTS);
  const query = host.options.query;
  if (!query) return fail(STATUS.RQUERYFAIL);
  return query(session.info(), { messageId: pdu.messageId, sourceAddr: pdu.sourceAddr })
    .catch((err: Error) => {
      host.log.warn({ session: session.id, err: err.message }, 'smpp query failed');
      return { status: STATUS.RQUERYFAIL };
    })
    .then((outcome) => {
      if ('status' in outcome) return void fail(outcome.status);
      session.send({
        command: 'query_sm_resp',
        commandStatus: STATUS.ROK,
        sequenceNumber: pdu.sequenceNumber,
        messageId: pdu.messageId,
        ...outcome,
      });
    });
}
