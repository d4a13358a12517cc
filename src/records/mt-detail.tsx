import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MoRecord, MtRecord } from '../../contract/records.schema';
import { countSegments } from '../../contract/segments';
import { mtSourceLabel, sendStatus, withoutOutcome } from '../../contract/states';
import { timelineOf } from './mt-timeline';
import { translate } from '../../contract/messages';
import { runQuery } from '../../sync/query/query';
import { formatDateTime } from '../ui/format';
import { RichPreview } from '../ui/rich-preview';
import { useRuntime } from '../data/sync-runtime';
import type { ViewerContext } from '../table/screen-definition';

// The message detail of a send record: content with parts and encoding, price, the status
// timeline, its batch, the replies to it (read locally) and the rich preview for video and card sends.
// Everything from the record is rendered as text. A viewer who may not see delivery outcomes gets no report step, code or
// failure reason: the platform answers such a viewer the record without them, and the record is read through
// withoutOutcome here as well, so that a copy held from before cannot show more.

function useReplies(r: MtRecord): MoRecord[] | null {
  const runtime = useRuntime();
  const [rows, setRows] = useState<MoRecord[] | null>(null);
  useEffect(() => {
    const db = runtime?.db;
    if (!db) return;
    let live = true;
    const filters = [
      { op: 'eq' as const, field: 'batch_id', value: r.batch_id },
      { op: 'eq' as const, field: 'decodeMobile', value: r.decodeMobile },
    ];
    runQuery<MoRecord>({ collection: 'mo_records', filters, limit: 50 }, { db, online: false, horizon: 0 }).then(
      (p) => live && setRows(p.rows),
      () => live && setRows([]),
    );
    return () => void (live = false);
  }, [runtime, r.batch_id, r.decodeMobile]);
  return rows;
}

export function MtDetail({ row: held, v }: { row: MtRecord; v: ViewerContext }) {
  const { t } = useTranslation();
  const row = v.showClientStatus === 0 ? withoutOutcome(held) : held;
  const seg = countSegments(row.decodeContent);
  const replies = useReplies(row);
  const field = (label: string, value: ReactNode, id: string) => (
    <div
      style={{ display: 'grid', gridTemplateColumns: '8rem 1fr', gap: 8, padding: '4px 0' }}
      data-testid={`detail-${id}`}
    >
      <strong>{label}</strong>
      <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</span>
    </div>
  );
  return (
    <div data-testid="mt-detail">
      {field(t('col.mobile'), row.decodeMobile, 'mobile')}
      {field(t('col.content'), row.decodeContent, 'content')}
      {field(
        t('operator.detail.parts'),
        t('operator.detail.partsValue', {
          count: row.segments,
          segments: row.segments,
          encoding: seg.encoding,
          units: seg.units,
        }),
        'parts',
      )}
      {field(t('col.price'), row.priceStr || String(row.price), 'price')}
      {field(
        t('col.batchId'),
        <Link
          href={`${row.prod_type === 1 ? '/inteDataGatheringBatchList' : '/dataGatheringBatchList'}?batch_id=${encodeURIComponent(row.batch_id)}`}
          data-testid="detail-batch-link"
        >
          {row.batch_id}
        </Link>,
        'batch',
      )}
      {row.prod_type === 1 && field(t('col.senderId'), row.sender_id ?? '', 'sender-id')}
      {field(t('col.source'), translate(v.lang, mtSourceLabel(row.source)), 'source')}
      <h4>{t('operator.detail.timeline')}</h4>
      <ol data-testid="detail-timeline">
        {timelineOf(row, v.lang).map((s) => (
          <li key={s.step} data-step={s.step}>
            {t(`operator.detail.step.${s.step}`)}
            {s.time !== null && ` · ${formatDateTime(s.time, v.lang)}`}
            {s.code && ` · ${s.code}`}
            {s.text && ` · ${s.text}`}
            {s.step === 'report' && ` · ${translate(v.lang, sendStatus(row).label)}`}
          </li>
        ))}
      </ol>
      <h4>{t('operator.detail.replies')}</h4>
      {/* a line while the replies load, as tall as the "no replies" line that usually follows, so that the centred
          panel does not move under the pointer when they arrive */}
      {replies === null ? (
        <p data-testid="detail-replies-loading" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : replies.length === 0 ? (
        <p data-testid="detail-no-replies">{t('operator.detail.noReplies')}</p>
      ) : (
        <ul data-testid="detail-replies">
          {replies.map((m) => (
            <li key={m.sn}>
              {formatDateTime(m.deliver_time, v.lang)} · {m.decodeContent}
            </li>
          ))}
        </ul>
      )}
      {row.prod_type === 2 && (
        <RichPreview
          views={['video']}
          videoTitle={row.titleStr ?? ''}
          videoFrames={[{ mediaType: 'text', mediaUrl: '', textContent: row.decodeContent }]}
        />
      )}
      {row.prod_type === 6 && <RichPreview views={['sms']} smsContent={row.decodeContent} />}
    </div>
  );
}
