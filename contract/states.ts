import { MT_SOURCES, type Language, type MtSource } from './constants';
import { translate } from './messages';

// The state maps as data: code -> i18n label key + severity. Severities are PrimeReact Tag severities:
// success = green, danger = red, warning = orange, info = blue, secondary = grey.

export type Severity = 'success' | 'danger' | 'warning' | 'info' | 'secondary';

export interface StateDef {
  /** catalogue key, e.g. 'state.sendStatus.success'. */
  label: string;
  severity: Severity;
}

export interface StateMap {
  codes: Readonly<Record<number, StateDef>>;
  /** what an unlisted code shows. */
  other: StateDef;
  /** codes the list screen's status filter offers, in order. */
  filter: readonly number[];
}

export interface FilterOption {
  value: number;
  label: string;
}

const def = (label: string, severity: Severity): StateDef => ({ label, severity });

export function stateOf(map: StateMap, code: number | null | undefined): StateDef {
  return (code != null && map.codes[code]) || map.other;
}

export function filterOptions(map: StateMap): FilterOption[] {
  return map.filter.map((value) => ({ value, label: stateOf(map, value).label }));
}

// --- Send status (MT records) -------------------------------------------------------------------------------------

export const SEND_STATUS = {
  pendingReview: def('state.sendStatus.pendingReview', 'info'),
  success: def('state.sendStatus.success', 'success'),
  waiting: def('state.sendStatus.waiting', 'warning'),
  timeout: def('state.sendStatus.timeout', 'secondary'),
  failure: def('state.sendStatus.failure', 'danger'),
  /** handed to the carrier, outcome withheld: what a console user whose showClientStatus is 0 is shown instead of
   * success, timeout or failure. */
  sent: def('state.sendStatus.sent', 'info'),
} as const;
export type SendStatusKind = keyof typeof SEND_STATUS;

/** mt_status codes the platform stores, and `sent`, which it never stores: the neutral code its answers put in place of an
 * outcome for a console user who may not see outcomes (platform/records/client-status.ts). */
export const MT_STATUS = {
  submitted: 0,
  pendingReview: 100,
  sent: 200,
  waiting: 500,
  timeout: 600,
  failure: 700,
} as const;

/** mt_status codes that are not outcomes and stay as they are when outcomes are withheld. */
export const MT_STATUS_NOT_OUTCOME: readonly number[] = [MT_STATUS.pendingReview, MT_STATUS.waiting];

/**
 * Status reports counted as delivered: '0' (the spec's code) and 'DELIVRD' (the CMPP/SMPP delivery receipt stat).
 * Anything else with mt_status 0 is a failure whose description is shown in brackets.
 */
export const REPORT_SUCCESS_CODES: readonly string[] = ['0', 'DELIVRD'];

/** Table name of records still in the pending-review table (see mt_records.table_name). */
export const REVIEW_TABLE = 'review';

export interface SendStatusInput {
  mt_status: number;
  report_result?: string | null;
  table_name?: string | null;
  report_result_desc?: string | null;
  errDesc?: string | null;
}

export interface ResolvedSendStatus extends StateDef {
  kind: SendStatusKind;
  /** failure description shown in brackets: report_result_desc, else errDesc, else the raw report code. */
  detail: string | null;
}

export function sendStatus(r: SendStatusInput): ResolvedSendStatus {
  const kind = sendStatusKind(r);
  const detail = kind === 'failure' ? r.report_result_desc || r.errDesc || r.report_result || null : null;
  return { kind, ...SEND_STATUS[kind], detail };
}

function sendStatusKind(r: SendStatusInput): SendStatusKind {
  if (r.table_name === REVIEW_TABLE || r.mt_status === MT_STATUS.pendingReview) return 'pendingReview';
  if (r.mt_status === MT_STATUS.sent) return 'sent';
  if (r.mt_status === MT_STATUS.submitted && REPORT_SUCCESS_CODES.includes(String(r.report_result ?? '').trim()))
    return 'success';
  if (r.mt_status === MT_STATUS.waiting) return 'waiting';
  if (r.mt_status === MT_STATUS.timeout) return 'timeout';
  return 'failure';
}

/**
 * A send record as a viewer who may not see outcomes is shown it: an outcome becomes the neutral `sent` code and the
 * report code and descriptions go; pending review and waiting stay. The platform answers such a viewer this already
 * (in SQL, platform/records/client-status.ts); the console applies it too, so a copy held from before cannot show more.
 */
export function withoutOutcome<R extends SendStatusInput>(r: R): R {
  const pending = r.table_name === REVIEW_TABLE || MT_STATUS_NOT_OUTCOME.includes(r.mt_status);
  return {
    ...r,
    mt_status: pending ? (r.table_name === REVIEW_TABLE ? MT_STATUS.pendingReview : r.mt_status) : MT_STATUS.sent,
    report_result: null,
    report_result_desc: null,
    errDesc: null,
  };
}

/** The cell text: "send failure (description)" in the given language. */
export function sendStatusText(lang: Language, r: SendStatusInput): string {
  const s = sendStatus(r);
  const label = translate(lang, s.label);
  return s.detail ? `${label}(${s.detail})` : label;
}

export const SEND_STATUS_FILTER: readonly FilterOption[] = [
  { value: MT_STATUS.submitted, label: SEND_STATUS.success.label },
  { value: MT_STATUS.failure, label: SEND_STATUS.failure.label },
  { value: MT_STATUS.waiting, label: SEND_STATUS.waiting.label },
  { value: MT_STATUS.pendingReview, label: SEND_STATUS.pendingReview.label },
];

/** catalogue key of a send record's source. */
export const mtSourceLabel = (source: MtSource) => `state.source.${source}`;

/** the sources the send records' filter offers, in order. */
export const MT_SOURCE_FILTER: readonly { value: MtSource; label: string }[] = MT_SOURCES.map((value) => ({
  value,
  label: mtSourceLabel(value),
}));

// --- Code maps ----------------------------------------------------------------------------------------------------

/** Timed send_status: 0 to be sent, 1 sent ("processed"), 2 paused, 3 intercepted, otherwise failure. */
export const TIMED_SEND_STATUS: StateMap = {
  codes: {
    0: def('state.timedSendStatus.toBeSent', 'info'),
    1: def('state.timedSendStatus.sent', 'success'),
    2: def('state.timedSendStatus.paused', 'warning'),
    3: def('state.timedSendStatus.intercepted', 'secondary'),
  },
  other: def('state.timedSendStatus.failure', 'danger'),
  filter: [0, 1, 2, 3],
};

/** Timed batch_type: 0 same content, 1 point to point. */
export const TIMED_BATCH_TYPE: StateMap = {
  codes: { 0: def('state.timedBatchType.same', 'info'), 1: def('state.timedBatchType.p2p', 'info') },
  other: def('state.unknown', 'secondary'),
  filter: [0, 1],
};

/** Statistics batch_type: 0 review/audit, 1 same-content bulk, 2 one-to-one bulk, otherwise unknown. */
export const STAT_BATCH_TYPE: StateMap = {
  codes: {
    0: def('state.statBatchType.review', 'info'),
    1: def('state.statBatchType.same', 'info'),
    2: def('state.statBatchType.p2p', 'info'),
  },
  other: def('state.unknown', 'secondary'),
  filter: [0, 1, 2],
};

/** Content template check_status: 0 pending, 1 non-reviewed template, 2 approved (green), 3 rejected (red). */
export const CONTENT_TEMPLATE_STATUS: StateMap = {
  codes: {
    0: def('state.contentTemplate.pending', 'warning'),
    1: def('state.contentTemplate.unreviewed', 'secondary'),
    2: def('state.contentTemplate.approved', 'success'),
    3: def('state.contentTemplate.rejected', 'danger'),
  },
  other: def('state.unknown', 'secondary'),
  filter: [0, 2, 3],
};

const videoPending = def('state.videoTemplate.pending', 'warning');
/** Video template status: 5 or 0 pending, 1 in review, 2 approved, 3 rejected, 4 deleted. */
export const VIDEO_TEMPLATE_STATUS: StateMap = {
  codes: {
    0: videoPending,
    5: videoPending,
    1: def('state.videoTemplate.review', 'info'),
    2: def('state.videoTemplate.approved', 'success'),
    3: def('state.videoTemplate.rejected', 'danger'),
    4: def('state.videoTemplate.deleted', 'secondary'),
  },
  other: def('state.unknown', 'secondary'),
  filter: [5, 1, 2, 3],
};

const cspReview = def('state.cspTemplate.review', 'info');
/** CSP template_status: 0 pending, 1-3 in review, 4 approved, 5 rejected. */
export const CSP_TEMPLATE_STATUS: StateMap = {
  codes: {
    0: def('state.cspTemplate.pending', 'warning'),
    1: cspReview,
    2: cspReview,
    3: cspReview,
    4: def('state.cspTemplate.approved', 'success'),
    5: def('state.cspTemplate.rejected', 'danger'),
  },
  other: def('state.unknown', 'secondary'),
  filter: [0, 1, 4, 5],
};

/** Account status: 0 closed, 1 open, 2 removed. */
export const ACCOUNT_STATUS: StateMap = {
  codes: {
    0: def('state.accountStatus.closed', 'danger'),
    1: def('state.accountStatus.open', 'success'),
    2: def('state.accountStatus.removed', 'secondary'),
  },
  other: def('state.unknown', 'secondary'),
  filter: [1, 0, 2],
};

/** Pay type: 0 prepaid, 1 postpaid. */
export const PAY_TYPE: StateMap = {
  codes: { 0: def('state.payType.prepaid', 'info'), 1: def('state.payType.postpaid', 'warning') },
  other: def('state.unknown', 'secondary'),
  filter: [0, 1],
};

/**
 * Recharge type: 0 account recharge, 1 automatic refund, 2 price adjustment; the offline sample also uses 3,
 * which the spec does not name, so it shows as "other adjustment".
 */
export const RECHARGE_TYPE: StateMap = {
  codes: {
    0: def('state.rechargeType.recharge', 'success'),
    1: def('state.rechargeType.refund', 'info'),
    2: def('state.rechargeType.priceAdjust', 'warning'),
    3: def('state.rechargeType.other', 'secondary'),
  },
  other: def('state.unknown', 'secondary'),
  filter: [0, 1, 2, 3],
};

/** Short-link click status: 1 clicked, 2 not clicked. */
export const CLICK_STATUS: StateMap = {
  codes: { 1: def('state.clickStatus.clicked', 'success'), 2: def('state.clickStatus.notClicked', 'secondary') },
  other: def('state.unknown', 'secondary'),
  filter: [1, 2],
};

/** Statistics time dimension: 0 day, 1 month, 2 year. */
export const TIME_DIMENSION: StateMap = {
  codes: {
    0: def('state.timeDimension.day', 'info'),
    1: def('state.timeDimension.month', 'info'),
    2: def('state.timeDimension.year', 'info'),
  },
  other: def('state.unknown', 'secondary'),
  filter: [0, 1, 2],
};

// --- Derived values -----------------------------------------------------------------------------------------------

/** Batch lists' pending column: received minus sent, never below 0. */
export function pendingCount(received: number, sent: number): number {
  return Math.max(received - sent, 0);
}

export const FALLBACK_TYPES = {
  1: 'state.lowType.sms',
  2: 'state.lowType.video',
  3: 'state.lowType.read',
} as const;
export type FallbackCode = keyof typeof FALLBACK_TYPES;

/** CSP low_type: the codes it contains ("1,2" -> SMS + video), in code order; empty or null -> no fallback. */
export function parseLowType(lowType: string | null | undefined): FallbackCode[] {
  const codes = new Set((lowType ?? '').match(/\d+/g) ?? []);
  return ([1, 2, 3] as const).filter((c) => codes.has(String(c)));
}

/** Label keys of a low_type cell; ['state.lowType.none'] when there is no fallback. */
export function lowTypeLabels(lowType: string | null | undefined): string[] {
  const codes = parseLowType(lowType);
  return codes.length ? codes.map((c) => FALLBACK_TYPES[c]) : ['state.lowType.none'];
}

/** Video template size column: bytes shown in KB, rounded up. */
export function sizeInKb(bytes: number): number {
  return Math.ceil(Math.max(bytes, 0) / 1024);
}
