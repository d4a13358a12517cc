import { Button } from 'primereact/button';
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
import type { z } from 'zod';
import { toolsAggregate } from '../../sync/commands/tools-commands';
import { formatDateTime } from '../ui/format';
import { copyText } from '../ui/copy-text';
import { useSession } from '../session/use-session';
import { TableScreen } from '../table/table-screen';
import { accountFilterVisible } from '../table/screen-definition';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { shortLinks } from './short-links.screen';
import { read, runCommand } from '../data/platform-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { useForm } from '../forms/use-form';

// The short-link screen with its tools: shorten a link (a command through the outbox), resolve one of ours, the click records
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

const shortenFields: FieldDefinition[] = [
  {
    name: 'longUrl',
    label: 'tools.longUrl',
    labelHidden: true,
    placeholder: 'tools.longUrlHint',
    testId: 'long-url',
    grow: true,
  },
  {
    name: 'expiresAt',
    label: 'tools.expiresAt',
    labelHidden: true,
    placeholder: 'tools.expiresAt',
    kind: 'date',
    testId: 'expires-at',
  },
];
const lookupFields: FieldDefinition[] = [
  {
    name: 'shortUrl',
    label: 'tools.shortUrlHint',
    labelHidden: true,
    placeholder: 'tools.shortUrlHint',
    testId: 'short-url-lookup',
    grow: true,
  },
];

function ShortenPanel() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const cusId = userInfo?.authUser.cus_id ?? '';
  const form = useForm({ schema: longToShortEndpoint.request, values: { longUrl: '', expiresAt: null } }, (v) =>
    runCommand('shortLink.create', toolsAggregate(cusId), v),
  );
  // resolving one of ours is a read: its answer, or why not, stays shown until the next one
  const lookup = useForm({ schema: shortToLongEndpoint.request, values: { shortUrl: '' } }, (v) =>
    read(shortToLongEndpoint, { shortUrl: String(v.shortUrl) }),
  );
  const result = form.result as { shortUrl: string } | null;
  const resolved = lookup.result as { longUrl: string } | null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 8 }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4, flex: '1 1 420px' }}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <FormFields form={form} fields={shortenFields} testId="shorten" inline />
          <Button data-testid="shorten" label={t('tools.shorten')} loading={form.busy} onClick={form.submit} />
        </div>
        {form.failure && <Message severity="error" text={form.failure} />}
        {result && form.done && (
          <span data-testid="short-url-result">
            {t('tools.shortUrl')}:{' '}
            <a href={result.shortUrl} target="_blank" rel="noreferrer noopener">
              {result.shortUrl}
            </a>{' '}
            <Button
              data-testid="short-url-copy"
              size="small"
              text
              icon="pi pi-copy"
              label={t('common.copy')}
              aria-label={`${t('common.copy')} ${result.shortUrl}`}
              onClick={() => void copyText(result.shortUrl)}
            />
          </span>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flex: '1 1 320px' }}>
        <FormFields form={lookup} fields={lookupFields} testId="lookup" inline />
        <Button
          label={t('tools.resolve')}
          severity="secondary"
          disabled={!String(lookup.values.shortUrl).trim()}
          onClick={lookup.submit}
        />
        {lookup.failure ? (
          <Message data-testid="long-url-error" severity="error" text={lookup.failure} />
        ) : (
          resolved && <span data-testid="long-url-result">{resolved.longUrl}</span>
        )}
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
      <TabMenu
        model={[{ label: t('tools.clickRecords') }, { label: t('tools.clickSummary') }]}
        activeIndex={tab}
        onTabChange={(e) => setTab(e.index)}
      />
      {tab === 0 ? <TableScreen def={shortLinks} /> : <RemoteTable def={summary} />}
    </section>
  );
}
