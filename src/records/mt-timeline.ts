import type { Language } from '../../contract/constants';
import type { MtRecord } from '../../contract/records.schema';
import { explainReport } from '../../contract/report-codes';
import { MT_STATUS, REVIEW_TABLE, sendStatus } from '../../contract/states';

// The status timeline of a send record in the message detail, by the record's send statuses.

export interface TimelineStep {
  /** i18n key under operator.detail.step. */
  step: 'submitted' | 'review' | 'sent' | 'report' | 'timeout';
  time: number | null;
  /** the report code and its plain explanation. */
  code?: string | null;
  text?: string | null;
  ok?: boolean;
}

/** The status timeline of a record: submitted, then review or sent to the carrier, then the report (or its timeout). */
export function timelineOf(r: MtRecord, lang: Language): TimelineStep[] {
  const steps: TimelineStep[] = [{ step: 'submitted', time: r.receive_time }];
  const s = sendStatus(r);
  if (r.table_name === REVIEW_TABLE || r.mt_status === MT_STATUS.pendingReview)
    return [...steps, { step: 'review', time: null }];
  steps.push({ step: 'sent', time: null });
  // `sent`: the outcome is withheld from this viewer, so the timeline ends where the report would come
  if (s.kind === 'waiting' || s.kind === 'sent') return steps;
  if (s.kind === 'timeout')
    return [
      ...steps,
      { step: 'timeout', time: null, text: explainReport(lang, r.report_result, r.report_result_desc) },
    ];
  steps.push({
    step: 'report',
    time: null,
    code: r.report_result ?? null,
    ok: s.kind === 'success',
    text: explainReport(lang, r.report_result, r.report_result_desc ?? r.errDesc),
  });
  return steps;
}
