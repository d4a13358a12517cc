import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { TabMenu } from 'primereact/tabmenu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  longToShortEndpoint,
  shortLinkBatchSummaryEndpoint,
  shortToLongEndpoint,
  type shortLinkBatchSummaryRowSchema,
} from '../../contract/endpoints/short-link.endpoints';
import { translate } from '../../contract/messages';
import type { z } from 'zod';
import { toolsAggregate } from '../../sync/tools-commands';
import { formatDateTime } from '../ui/format';
import { useSession } from '../session/use-session';
import { TableScreen } from '../table/table-screen';
import { accountFilterVisible } from '../table/screen-definition';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { shortLinks } from './short-links.screen';
import { read, runCommand } from '../data/platform-actions';
import { useToolForm } from './use-tool-form';

// Screen 16 with its tools: shorten a link (a command through the outbox), resolve one of ours, the click records
// (replicated, so a click shows without reload), and the click-through summary per link send.

type SummaryRow = z.infer<typeof shortLinkBatchSummaryRowSchema>;
const summary: RemoteTableDef<SummaryRow> = {
  id: 'link-summary',
  endpoint: shortLinkBatchSummaryEndpoint,
  rowKey: 'batch_id',
  dateRange: true,
  filters: [{ field: 'batch_id', label: 'tools.batchId' }],
  columns: [
    { field: 'batch_id', header: 'tools.batchId' },
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'mtLonglink', header: 'tools.longUrl' },
    { field: 'create_time', header: 'tools.sendTime', render: (r, v) => formatDateTime(r.create_time, v.lang) },
    { field: 'sent_count', header: 'tools.sentCount' },
    { field: 'clicked_count', header: 'tools.clickedCount' },
    { field: 'clickRatio', header: 'tools.clickRatio', render: (r) => `${r.clickRatio.toFixed(2)}%` },
  ],
};

function ShortenPanel() {
  const { t } = useTranslation();
  const { userInfo, language } = useSession();
  const cusId = userInfo?.authUser.cus_id ?? '';
  const form = useToolForm(longToShortEndpoint.request, { longUrl: '', expiresAt: null }, (v) => runCommand('shortLink.create', toolsAggregate(cusId), v));
  const [lookup, setLookup] = useState('');
  const [resolved, setResolved] = useState<{ longUrl: string } | { error: string } | null>(null);
  const result = form.result as { shortUrl: string } | null;
  const err = (f: string) => form.errors[f] && <small className="p-error">{translate(language, form.errors[f])}</small>;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 8 }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4, flex: '1 1 420px' }}>
        <div style={{ display: 'flex', gap: 8 }}>
          <InputText
            data-testid="long-url"
            style={{ flex: 1 }}
            placeholder={t('tools.longUrlHint')}
            value={String(form.values.longUrl ?? '')}
            onChange={(e) => form.set('longUrl', e.target.value)}
          />
          <Calendar
            data-testid="expires-at"
            placeholder={t('tools.expiresAt')}
            showTime
            hourFormat="24"
            showButtonBar
            value={form.values.expiresAt ? new Date(Number(form.values.expiresAt)) : null}
            onChange={(e) => form.set('expiresAt', e.value instanceof Date ? e.value.getTime() : null)}
          />
          <Button data-testid="shorten" label={t('tools.shorten')} loading={form.busy} onClick={form.submit} />
        </div>
        {err('longUrl')}
        {err('expiresAt')}
        {form.failure && <Message severity="error" text={form.failure} />}
        {result && form.done && (
          <span data-testid="short-url-result">
            {t('tools.shortUrl')}:{' '}
            <a href={result.shortUrl} target="_blank" rel="noreferrer noopener">
              {result.shortUrl}
            </a>
          </span>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flex: '1 1 320px' }}>
        <InputText
          data-testid="short-url-lookup"
          style={{ flex: 1 }}
          placeholder={t('tools.shortUrlHint')}
          value={lookup}
          onChange={(e) => setLookup(e.target.value)}
        />
        <Button
          label={t('tools.resolve')}
          severity="secondary"
          disabled={!lookup.trim()}
          onClick={() =>
            void read(shortToLongEndpoint, { shortUrl: lookup }).then(
              (r) => setResolved({ longUrl: r.longUrl }),
              (e: Error) => setResolved({ error: e.message }),
            )
          }
        />
        {resolved &&
          ('error' in resolved ? (
            <Message data-testid="long-url-error" severity="error" text={resolved.error} />
          ) : (
            <span data-testid="long-url-result">{resolved.longUrl}</span>
          ))}
      </div>
    </div>
  );
}

export function ShortLinksPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  return (
    <section data-testid="short-links-page">
      <ShortenPanel />
      <TabMenu model={[{ label: t('tools.clickRecords') }, { label: t('tools.clickSummary') }]} activeIndex={tab} onTabChange={(e) => setTab(e.index)} />
      {tab === 0 ? <TableScreen def={shortLinks} /> : <RemoteTable def={summary} />}
    </section>
  );
}
