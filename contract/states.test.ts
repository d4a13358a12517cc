import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from './messages';
import * as states from './states';
import {
  ACCOUNT_STATUS,
  CLICK_STATUS,
  CONTENT_TEMPLATE_STATUS,
  CSP_TEMPLATE_STATUS,
  PAY_TYPE,
  RECHARGE_TYPE,
  SEND_STATUS_FILTER,
  STAT_BATCH_TYPE,
  TIMED_BATCH_TYPE,
  TIMED_SEND_STATUS,
  TIME_DIMENSION,
  VIDEO_TEMPLATE_STATUS,
  type StateMap,
  filterOptions,
  lowTypeLabels,
  parseLowType,
  pendingCount,
  sendStatus,
  sendStatusText,
  sizeInKb,
  stateOf,
} from './states';

const label = (map: StateMap, code: number | null) => stateOf(map, code).label;

describe('sendStatus', () => {
  it('pending-review table or 100 is pending review, whatever else the record says', () => {
    expect(sendStatus({ mt_status: 0, report_result: '0', table_name: 'review' }).kind).toBe('pendingReview');
    expect(sendStatus({ mt_status: 700, table_name: 'review' }).kind).toBe('pendingReview');
    expect(sendStatus({ mt_status: 100, table_name: 'mt' })).toMatchObject({
      kind: 'pendingReview',
      label: 'state.sendStatus.pendingReview',
      detail: null,
    });
  });
  it('0 with report 0 or DELIVRD is success', () => {
    expect(sendStatus({ mt_status: 0, report_result: '0', table_name: 'mt' })).toMatchObject({
      kind: 'success',
      severity: 'success',
      detail: null,
    });
    expect(sendStatus({ mt_status: 0, report_result: 'DELIVRD' }).kind).toBe('success');
  });
  it('500 waiting, 600 timeout', () => {
    expect(sendStatus({ mt_status: 500, report_result: null }).kind).toBe('waiting');
    expect(sendStatus({ mt_status: 600, report_result: null }).kind).toBe('timeout');
  });
  it('700, unknown codes, and 0 with a failed report are failures with the description', () => {
    expect(
      sendStatus({ mt_status: 700, report_result: 'UNDELIV', report_result_desc: 'user unreachable' }),
    ).toMatchObject({
      kind: 'failure',
      severity: 'danger',
      detail: 'user unreachable',
    });
    expect(sendStatus({ mt_status: 0, report_result: 'MK:0001', errDesc: 'blacklisted' })).toMatchObject({
      kind: 'failure',
      detail: 'blacklisted',
    });
    expect(sendStatus({ mt_status: 0, report_result: null })).toMatchObject({ kind: 'failure', detail: null });
    expect(sendStatus({ mt_status: 42, report_result: 'EXPIRED' })).toMatchObject({
      kind: 'failure',
      detail: 'EXPIRED',
    });
  });
  it('renders the description in brackets in both languages', () => {
    const r = { mt_status: 700, report_result: 'UNDELIV', report_result_desc: 'empty number' };
    expect(sendStatusText('en', r)).toBe('Send failure(empty number)');
    expect(sendStatusText('zh', r)).toBe('发送失败(empty number)');
    expect(sendStatusText('en', { mt_status: 0, report_result: '0' })).toBe('Sent successfully');
  });
  it('filter offers success 0, failure 700, waiting 500, pending review 100', () => {
    expect(SEND_STATUS_FILTER.map((o) => o.value)).toEqual([0, 700, 500, 100]);
    expect(SEND_STATUS_FILTER.map((o) => o.label)).toEqual([
      'state.sendStatus.success',
      'state.sendStatus.failure',
      'state.sendStatus.waiting',
      'state.sendStatus.pendingReview',
    ]);
  });
});

describe('code maps', () => {
  it('timed send_status: 0..3, other failure; 1 is "processed" in English', () => {
    expect([0, 1, 2, 3, 4, -1].map((c) => label(TIMED_SEND_STATUS, c))).toEqual([
      'state.timedSendStatus.toBeSent',
      'state.timedSendStatus.sent',
      'state.timedSendStatus.paused',
      'state.timedSendStatus.intercepted',
      'state.timedSendStatus.failure',
      'state.timedSendStatus.failure',
    ]);
    expect(translate('en', label(TIMED_SEND_STATUS, 1))).toBe('Processed');
  });
  it('timed batch_type and statistics batch type', () => {
    expect(translate('en', label(TIMED_BATCH_TYPE, 0))).toBe('Same content');
    expect(translate('en', label(TIMED_BATCH_TYPE, 1))).toBe('Point to point');
    expect([0, 1, 2, 3].map((c) => label(STAT_BATCH_TYPE, c))).toEqual([
      'state.statBatchType.review',
      'state.statBatchType.same',
      'state.statBatchType.p2p',
      'state.unknown',
    ]);
  });
  it('content template: approved green, rejected red, filter 0,2,3', () => {
    expect(stateOf(CONTENT_TEMPLATE_STATUS, 2)).toEqual({
      label: 'state.contentTemplate.approved',
      severity: 'success',
    });
    expect(stateOf(CONTENT_TEMPLATE_STATUS, 3)).toEqual({
      label: 'state.contentTemplate.rejected',
      severity: 'danger',
    });
    expect(label(CONTENT_TEMPLATE_STATUS, 1)).toBe('state.contentTemplate.unreviewed');
    expect(filterOptions(CONTENT_TEMPLATE_STATUS).map((o) => o.value)).toEqual([0, 2, 3]);
  });
  it('video template: 5 and 0 pending, 1..4, filter 5,1,2,3', () => {
    expect(label(VIDEO_TEMPLATE_STATUS, 5)).toBe('state.videoTemplate.pending');
    expect(label(VIDEO_TEMPLATE_STATUS, 0)).toBe('state.videoTemplate.pending');
    expect([1, 2, 3, 4, 6].map((c) => label(VIDEO_TEMPLATE_STATUS, c))).toEqual([
      'state.videoTemplate.review',
      'state.videoTemplate.approved',
      'state.videoTemplate.rejected',
      'state.videoTemplate.deleted',
      'state.unknown',
    ]);
    expect(filterOptions(VIDEO_TEMPLATE_STATUS)).toEqual([
      { value: 5, label: 'state.videoTemplate.pending' },
      { value: 1, label: 'state.videoTemplate.review' },
      { value: 2, label: 'state.videoTemplate.approved' },
      { value: 3, label: 'state.videoTemplate.rejected' },
    ]);
  });
  it('CSP template: 0 pending, 1-3 review, 4 approved, 5 rejected, filter 0,1,4,5', () => {
    expect([0, 1, 2, 3, 4, 5].map((c) => label(CSP_TEMPLATE_STATUS, c))).toEqual([
      'state.cspTemplate.pending',
      'state.cspTemplate.review',
      'state.cspTemplate.review',
      'state.cspTemplate.review',
      'state.cspTemplate.approved',
      'state.cspTemplate.rejected',
    ]);
    expect(filterOptions(CSP_TEMPLATE_STATUS).map((o) => o.value)).toEqual([0, 1, 4, 5]);
  });
  it('account status, pay type, recharge type, click status, time dimension', () => {
    expect([0, 1, 2].map((c) => translate('en', label(ACCOUNT_STATUS, c)))).toEqual(['Closed', 'Open', 'Removed']);
    expect([0, 1].map((c) => translate('en', label(PAY_TYPE, c)))).toEqual(['Prepaid', 'Postpaid']);
    expect([0, 1, 2, 3].map((c) => translate('en', label(RECHARGE_TYPE, c)))).toEqual([
      'Account recharge',
      'Automatic refund',
      'Price adjustment',
      'Other adjustment',
    ]);
    expect([1, 2].map((c) => translate('en', label(CLICK_STATUS, c)))).toEqual(['Clicked', 'Not clicked']);
    expect([0, 1, 2].map((c) => translate('zh', label(TIME_DIMENSION, c)))).toEqual(['日', '月', '年']);
    expect(label(PAY_TYPE, null)).toBe('state.unknown');
  });
  it('every label of every map has zh and en text', () => {
    const maps = Object.values(states).filter(
      (v): v is StateMap => typeof v === 'object' && v !== null && 'codes' in v,
    );
    expect(maps.length).toBe(11);
    const labels = maps.flatMap((m) => [...Object.values(m.codes), m.other].map((d) => d.label));
    labels.push(
      ...Object.values(states.SEND_STATUS).map((d) => d.label),
      ...Object.values(states.FALLBACK_TYPES),
      'state.lowType.none',
    );
    for (const key of labels) expect(isMessageKey(key), key).toBe(true);
  });
});

describe('derived values', () => {
  it('pending count never below 0', () => {
    expect(pendingCount(100, 40)).toBe(60);
    expect(pendingCount(100, 100)).toBe(0);
    expect(pendingCount(10, 12)).toBe(0);
  });
  it('low_type fallback parsing', () => {
    expect(parseLowType('1,2')).toEqual([1, 2]);
    expect(parseLowType('3,1')).toEqual([1, 3]);
    expect(parseLowType('')).toEqual([]);
    expect(parseLowType(null)).toEqual([]);
    expect(lowTypeLabels('1,2')).toEqual(['state.lowType.sms', 'state.lowType.video']);
    expect(lowTypeLabels('2,3')).toEqual(['state.lowType.video', 'state.lowType.read']);
    expect(lowTypeLabels('')).toEqual(['state.lowType.none']);
  });
  it('video template size in KB rounded up', () => {
    expect(sizeInKb(0)).toBe(0);
    expect(sizeInKb(1)).toBe(1);
    expect(sizeInKb(1024)).toBe(1);
    expect(sizeInKb(1025)).toBe(2);
    expect(sizeInKb(2_000_000)).toBe(1954);
  });
});
