import i18next from 'i18next';
import type { z } from 'zod';
import { carrierAuditEndpoint, type carrierAuditRowSchema } from '../../contract/endpoints/carrier-control.endpoints';
import { formatDateTime } from '../ui/format';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import type { ViewerContext } from '../table/screen-definition';
import { changeLines, changeText, setsOnly } from './audit-change';

// Every change to carriers and routes, newest first, paged by the platform: who, when, what, and what changed (as
// plain text, the same in the export).

type AuditRow = z.infer<typeof carrierAuditRowSchema>;

const tr = (v: ViewerContext, key: string, defaultValue?: string) => i18next.t(key, { lng: v.lang, defaultValue });
const actionText = (r: AuditRow, v: ViewerContext) => tr(v, `carrierAudit.actions.${r.action}`, r.action);
const changeOf = (r: AuditRow, v: ViewerContext) =>
  changeLines(r.before, r.after, setsOnly(r.action))
    .map((l) => changeText(l, tr(v, 'carrierAudit.nothing')))
    .join('\n') || '—';

export const carrierAudit: RemoteTableDef<AuditRow> = {
  id: 'carrier-audit',
  endpoint: carrierAuditEndpoint,
  exportAs: 'menu.carrierAudit',
  rowKey: 'id',
  filters: [{ field: 'target', label: 'carrierAudit.target' }],
  columns: [
    { field: 'at', header: 'carrierAudit.at', render: (r, v) => formatDateTime(r.at, v.lang) },
    { field: 'actor', header: 'carrierAudit.actor' },
    { field: 'action', header: 'carrierAudit.action', render: actionText },
    { field: 'target', header: 'carrierAudit.target' },
    {
      field: 'after',
      header: 'carrierAudit.change',
      render: (r, v) => (
        <pre
          data-testid="audit-change"
          style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: '40rem', fontSize: '0.85em' }}
        >
          {changeOf(r, v)}
        </pre>
      ),
      text: changeOf,
    },
  ],
};

export function CarrierAuditScreen() {
  return (
    <section className="page-card" data-testid="carrier-audit-screen">
      <RemoteTable def={carrierAudit} />
    </section>
  );
}
