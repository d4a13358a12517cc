import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import type { RemoteFilter, RemoteFilters } from './remote-table-def';

// One filter of a platform-paged list's search bar: an option list, the list's own control, or a text box that
// applies on Enter.

export function RemoteFilterField({
  listId,
  filter: f,
  draft,
  setDraft,
  apply,
}: {
  listId: string;
  filter: RemoteFilter;
  draft: RemoteFilters;
  setDraft: (next: RemoteFilters) => void;
  apply: (q: RemoteFilters) => void;
}) {
  const { t } = useTranslation();
  const testId = `${listId}-${f.field}`;
  if (f.control) {
    const inputId = `${testId}-input`;
    return (
      <>
        <label htmlFor={inputId} className="visually-hidden">
          {t(f.label)}
        </label>
        <f.control id={inputId} draft={draft} setDraft={setDraft} />
      </>
    );
  }
  if (f.options)
    return (
      <Dropdown
        data-testid={testId}
        showClear
        value={draft[f.field] ?? null}
        placeholder={t(f.label)}
        options={f.options.map((o) => ({ value: o.value, label: t(o.label) }))}
        onChange={(e) => setDraft({ ...draft, [f.field]: e.value ?? '' })}
      />
    );
  return (
    <InputText
      data-testid={testId}
      aria-label={t(f.label)}
      placeholder={t(f.label)}
      value={String(draft[f.field] ?? '')}
      onChange={(e) => setDraft({ ...draft, [f.field]: e.target.value })}
      onKeyDown={(e) => e.key === 'Enter' && apply(draft)}
    />
  );
}
