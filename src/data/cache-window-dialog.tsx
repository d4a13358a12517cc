import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CACHE_WINDOW_LIMITS, validWindow, withinLimits, type CacheWindow } from '../../sync/store/cache-window';
import type { SyncProgress } from '../../sync/replication/sync-progress';
import { FormDialog } from '../forms/form-dialog';
import { notify } from '../ui/notify';
import { useRuntime } from './sync-runtime';

// The local cache: what each resource has synced, and the window the user keeps.
export function CacheWindowDialog({ visible, onHide, progress }: { visible: boolean; onHide: () => void; progress: SyncProgress | null }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [draft, setDraft] = useState<CacheWindow | null>(null);
  // the window as kept, which the draft is compared with: a changed one asks before the dialog closes over it
  const [kept, setKept] = useState<CacheWindow | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (visible && runtime) void runtime.replicator.getWindow().then((w) => (setDraft(w), setKept(w)));
  }, [visible, runtime]);
  const changed = draft !== null && kept !== null && (draft.days !== kept.days || draft.recordCap !== kept.recordCap);

  const rows = Object.entries(progress?.resources ?? {}).map(([resource, r]) => ({ resource, ...r }));

  async function save() {
    if (!runtime || !draft || !validWindow(draft)) return;
    setSaving(true);
    try {
      await runtime.replicator.setWindow(draft);
      notify({ severity: 'success', summary: t('cache.saved') });
      onHide();
    } catch (e) {
      notify({ severity: 'error', summary: String((e as Error)?.message ?? e) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog header={t('cache.title')} visible={visible} onHide={onHide} unsaved={changed} style={{ width: 'min(560px, 95vw)' }} data-testid="cache-dialog">
      <DataTable value={rows} size="small" dataKey="resource">
        <Column header={t('cache.resource')} body={(r: { resource: string }) => t(`cache.resources.${r.resource}`)} />
        <Column header={t('cache.phase')} body={(r: { phase: string }) => t(`cache.phases.${r.phase}`)} />
        <Column header={t('cache.count')} field="synced" />
      </DataTable>
      {progress?.error && <Message severity="error" text={t(progress.error)} style={{ marginTop: 8 }} />}
      {draft && (
        <form
          style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start', marginTop: 12 }}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <WindowField id="cache-days" field="days" draft={draft} onChange={setDraft} />
          <WindowField id="cache-cap" field="recordCap" draft={draft} onChange={setDraft} />
          <small style={{ flexBasis: '100%' }}>{t('cache.hint')}</small>
          <Button type="submit" data-testid="cache-save" label={t('cache.save')} loading={saving} disabled={!draft || !validWindow(draft)} />
        </form>
      )}
    </FormDialog>
  );
}

const FIELD_TEXT = { days: { label: 'cache.days', error: 'cache.daysRange' }, recordCap: { label: 'cache.recordCap', error: 'cache.capRange' } } as const;

/** One bound of the window, with its range error read out when it appears. */
function WindowField({ id, field, draft, onChange }: { id: string; field: keyof CacheWindow; draft: CacheWindow; onChange: (w: CacheWindow) => void }) {
  const { t } = useTranslation();
  const limits = CACHE_WINDOW_LIMITS[field];
  const value = draft[field];
  const bad = !withinLimits(field, value);
  return (
    <label style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <small>{t(FIELD_TEXT[field].label)}</small>
      <InputNumber
        inputId={id}
        value={value}
        useGrouping={field !== 'days'}
        invalid={bad}
        aria-describedby={bad ? `${id}-error` : undefined}
        onChange={(e) => onChange({ ...draft, [field]: e.value ?? 0 })}
      />
      {bad && <small id={`${id}-error`} className="p-error" role="alert">{t(FIELD_TEXT[field].error, limits)}</small>}
    </label>
  );
}
