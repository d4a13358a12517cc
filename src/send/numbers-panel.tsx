import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '../../contract/constants';
import { translate } from '../../contract/messages';
import { checkUpload } from '../../contract/validation/upload.rules';
import { changesOf } from '../../sync/query/query';
import { groupMobiles, groups as localGroups } from '../../sync/query/send-library';
import { auditTime, startWith, switchMap, takeWhile } from 'rxjs';
import { useRuntime } from '../data/sync-runtime';
import { FilePickButton } from '../ui/file-pick-button';
import { getLanguage } from '../ui/language';
import { lineCount, withPasted, type NumberSources } from '../../machines/send-sources';
import type { SheetInfo } from './number-check-protocol';
import type { NumberWorker } from './number-check-client';

// Where a send's numbers come from: pasted text, a column of an uploaded xlsx/csv (≤ 15 MB, read in the worker), and
// address-book groups. The sources go to the send machine, which merges them; its live count (number-counts.tsx, the
// children) shows right under them.

export const NUMBER_FILE = { extensions: ['xls', 'xlsx', 'csv'], maxBytes: UPLOAD_MAX_BYTES } as const;

interface Props {
  worker: NumberWorker;
  sources: NumberSources;
  onSources: (s: NumberSources) => void;
  international: boolean;
  /** one-to-one sends keep the sheet and map its columns themselves. */
  onSheet?: (info: SheetInfo) => void;
  /** the counts of the numbers, under them. */
  children?: ReactNode;
}

export function NumbersPanel({ worker, sources, onSources, international, onSheet, children }: Props) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<SheetInfo | null>(null);
  const [column, setColumn] = useState(0);
  const [skipHeader, setSkipHeader] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [groups, setGroups] = useState<Array<{ label: string; value: string }>>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  // the chosen groups' members not all in the replica yet: say so (never a silent 0) and re-read as they arrive
  const [syncing, setSyncing] = useState<{ have: number; expected: number } | null>(null);
  const [groupError, setGroupError] = useState<string | null>(null);
  // counted once per list, not on every render (a 100,000-line list is 1.2 MB)
  const bulkLines = useMemo(() => lineCount(sources.bulk), [sources.bulk]);

  const rt = useRuntime();
  useEffect(() => {
    if (international || !rt) return;
    // groups from the local address-book replica (works offline), re-read as it changes
    const sub = changesOf(rt.db, 'address_book')
      .pipe(
        startWith(null),
        auditTime(200),
        switchMap(() => localGroups(rt.db)),
      )
      .subscribe({
        next: setGroups,
        error: (e: Error) => setGroupError(t('send.groupsReadFailed', { reason: e.message })),
      });
    return () => sub.unsubscribe();
  }, [international, rt, t]);

  async function pickFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    const problem = checkUpload(
      { name: file.name, size: file.size },
      { extensions: [...NUMBER_FILE.extensions], maxBytes: NUMBER_FILE.maxBytes },
    );
    if (problem) return setFileError(translate(getLanguage(), problem));
    setReading(true);
    try {
      const info = await worker.sheet(file);
      setSheet(info);
      const header = !/\d{5,}/.test(info.preview[0]?.join('') ?? '');
      setSkipHeader(header);
      setColumn(0);
      onSheet?.(info);
      if (!onSheet) onSources({ ...sources, file: await worker.column(0, header) });
    } catch (e) {
      setFileError(translate(getLanguage(), (e as Error).message));
    } finally {
      setReading(false);
    }
  }

  async function pickColumn(c: number, header: boolean) {
    setColumn(c);
    setSkipHeader(header);
    if (!onSheet) onSources({ ...sources, file: await worker.column(c, header) });
  }

  function pickGroups(ids: string[]) {
    setChosen(ids);
    if (ids.length === 0) onSources({ ...sources, groups: '' });
  }
  // the members' numbers from the replica (the send's number check then treats them like pasted ones), read again as
  // members arrive until all are here; only the newest read applies, and nothing is read once the groups are complete
  const latest = useRef({ sources, onSources });
  latest.current = { sources, onSources };
  useEffect(() => {
    setSyncing(null);
    if (chosen.length === 0 || !rt) return;
    const sub = changesOf(rt.db, 'address_book')
      .pipe(
        auditTime(300),
        startWith(null),
        switchMap(() => groupMobiles(rt.db, chosen)),
        takeWhile((got) => got.have < got.expected, true),
      )
      .subscribe({
        next: (got) => {
          setGroupError(null);
          setSyncing(got.have < got.expected ? { have: got.have, expected: got.expected } : null);
          latest.current.onSources({ ...latest.current.sources, groups: got.text });
        },
        error: (e: Error) => setGroupError(t('send.groupsReadFailed', { reason: e.message })),
      });
    return () => sub.unsubscribe();
  }, [chosen, rt, t]);

  const columns = Array.from({ length: sheet?.columns ?? 0 }, (_, i) => ({
    label: `${t('send.column')} ${String.fromCharCode(65 + (i % 26))}`,
    value: i,
  }));
  return (
    <div className="send-numbers">
      <label htmlFor="send-mobiles">{t(international ? 'send.numbersIntl' : 'send.numbers')}</label>
      <InputTextarea
        id="send-mobiles"
        data-testid="send-mobiles"
        rows={6}
        value={sources.pasted}
        placeholder={t(international ? 'send.numbersIntlHint' : 'send.numbersHint')}
        onChange={(e) => onSources(withPasted(sources, e.target.value))}
        style={{ width: '100%' }}
      />
      {sources.bulk && (
        <div className="send-row" data-testid="send-bulk">
          <span>{t('send.bulkPasted', { count: bulkLines })}</span>
          <Button
            size="small"
            text
            icon="pi pi-times"
            label={t('send.clearBulk')}
            onClick={() => onSources({ ...sources, bulk: '' })}
          />
        </div>
      )}
      <div className="send-row">
        <FilePickButton
          testId="send-file"
          label={t('send.numbersFile')}
          accept=".xlsx,.xls,.csv"
          onPick={(f) => void pickFile(f)}
        />
        {reading && <span data-testid="send-file-reading">{t('send.reading')}</span>}
        {fileError && (
          <small className="p-error" data-testid="send-file-error">
            {fileError}
          </small>
        )}
      </div>
      {sheet && !onSheet && (
        <div className="send-row" data-testid="send-file-info">
          <span>{t('send.fileRows', { count: sheet.rowCount })}</span>
          <Dropdown
            data-testid="send-file-column"
            value={column}
            options={columns}
            onChange={(e) => void pickColumn(e.value as number, skipHeader)}
          />
          <Checkbox
            inputId="send-skip-header"
            checked={skipHeader}
            onChange={(e) => void pickColumn(column, !!e.checked)}
          />
          <label htmlFor="send-skip-header">{t('send.skipHeader')}</label>
        </div>
      )}
      {!international && groups.length > 0 && (
        <MultiSelect
          data-testid="send-groups"
          aria-label={t('send.groups')}
          value={chosen}
          options={groups}
          onChange={(e) => pickGroups(e.value as string[])}
          placeholder={t('send.groups')}
          display="chip"
        />
      )}
      {groupError && (
        <small className="p-error" role="alert" data-testid="send-groups-error">
          {groupError}
        </small>
      )}
      {syncing && (
        <small data-testid="send-groups-syncing" role="status">
          {t('send.groupSyncing', { have: syncing.have, expected: syncing.expected })}
        </small>
      )}
      {children}
    </div>
  );
}
