// SMPP 3.4 command_status values the server answers with or reads from its peers.
export const STATUS = {
  ROK: 0x00,
  RINVMSGLEN: 0x01,
  RINVCMDLEN: 0x02,
  RINVCMDID: 0x03,
  RINVBNDSTS: 0x04,
  RALYBND: 0x05,
  RSYSERR: 0x08,
  RINVSRCADR: 0x0a,
  RINVDSTADR: 0x0b,
  RINVMSGID: 0x0c,
  RBINDFAIL: 0x0d,
  RINVPASWD: 0x0e,
  RINVSYSID: 0x0f,
  RMSGQFUL: 0x14,
  RINVSERTYP: 0x15,
  RINVESMCLASS: 0x43,
  RSUBMITFAIL: 0x45,
  RINVSYSTYP: 0x53,
  RTHROTTLED: 0x58,
  RINVSCHED: 0x61,
  RINVEXPIRY: 0x62,
  RX_T_APPN: 0x64,
  RX_P_APPN: 0x65,
  RX_R_APPN: 0x66,
  RQUERYFAIL: 0x67,
  RINVOPTPARSTREAM: 0xc0,
  RINVPARLEN: 0xc2,
  RMISSINGOPTPARAM: 0xc3,
  RINVOPTPARAMVAL: 0xc4,
  RUNKNOWNERR: 0xff,
} as const;

export type StatusName = keyof typeof STATUS;

const NAMES = new Map<number, string>(Object.entries(STATUS).map(([k, v]) => [v, `ESME_${k}`]));

/** `ESME_RTHROTTLED`, or the hex value for a status this table does not name. */
/** A command_status as SMPP writes it in hex, 0x0000000a. */
export const statusHex = (status: number) => `0x${status.toString(16).padStart(8, '0')}`;

export function statusName(status: number): string {
  return NAMES.get(status) ?? statusHex(status);
}
