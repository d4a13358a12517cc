import i18next from 'i18next';
import { Button } from 'primereact/button';
import { BLACKLIST_SOURCES, type BlacklistDoc } from '../../contract/endpoints/mobile-black.endpoints';
import { translate } from '../../contract/messages';
import { blacklistAggregate, projectBlacklist } from '../../sync/commands/blacklist-commands';
import { recordEvent } from '../../sync/commands/event-log';
import { readyRuntime } from '../data/sync-runtime';
import { timeColumn } from '../table/cells';
import { confirmDelete } from '../table/confirm-delete';
import type { ScreenDefinition } from '../table/screen-definition';

// The enterprise's blacklist from the local replica: a number search is an index range (instant at 100,000 entries);
// adds and removals are commands through the outbox, so they work offline and show at once as pending.
export type BlacklistRow = BlacklistDoc & { pending?: string };

/** Records a blacklist command; the outbox pushes it. */
export async function recordBlacklistCommand(
  type: 'blacklist.add' | 'blacklist.delete',
  mobile: string,
  payload: Record<string, unknown>,
) {
  const rt = await readyRuntime();
  return recordEvent(rt.db, { type, aggregate: blacklistAggregate(mobile), payload, actor: rt.actor });
}

function RemoveAction({ row }: { row: BlacklistRow }) {
  if (row.id.startsWith('pending:')) return null;
  const ask = () =>
    confirmDelete(
      row.mobile,
      () => recordBlacklistCommand('blacklist.delete', row.mobile, { id: row.id, mobile: row.mobile }),
      undefined,
      row.mobile,
    );
  return (
    <Button
      data-testid="row-delete"
      icon="pi pi-trash"
      size="small"
      text
      severity="danger"
      disabled={Boolean(row.pending)}
      aria-label={`${i18next.t('black.remove')} ${row.mobile}`}
      onClick={ask}
    />
  );
}

export const blacklistEntries: ScreenDefinition<BlacklistRow> = {
  path: '/mobileBlackList',
  title: 'menu.mobileBlackList',
  collection: 'blacklist',
  columns: [
    { field: 'mobile', header: 'black.mobile' },
    {
      field: 'cus_id',
      header: 'black.scope',
      render: (r, v) => r.cus_id || translate(v.lang, 'blacklist.scope.enterprise'),
    },
    { field: 'source', header: 'black.source', render: (r, v) => translate(v.lang, `blacklist.source.${r.source}`) },
    timeColumn<BlacklistRow>('created_at', 'black.createdAt'),
    { field: 'created_by', header: 'black.createdBy', render: (r) => r.created_by ?? '' },
    { field: 'note', header: 'black.note', render: (r) => r.note ?? '' },
  ],
  filters: [
    { field: 'mobile', label: 'black.mobile', kind: 'prefix' },
    {
      field: 'source',
      label: 'black.source',
      kind: 'select',
      options: BLACKLIST_SOURCES.map((s) => ({ value: s, label: `blacklist.source.${s}` })),
    },
  ],
  dateField: 'created_at',
  project: (rows, pending) => projectBlacklist(rows, pending),
  actions: (r) => <RemoveAction row={r} />,
};
