import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countSegments } from '../../contract/segments';
import { CONTENT_TEMPLATE_STATUS, filterOptions } from '../../contract/states';
import type { ContentTemplateDoc } from '../../contract/library.schema';
import {
  invalidPlaceholders,
  maxPlaceholderIndex,
  namedPlaceholders,
  PLACEHOLDER_INVALID,
} from '../../contract/validation/template-placeholders';
import { contentTemplateFormSchema, contentTemplateModSchema } from '../../contract/validation/template.rules';
import { seedValues } from '../../machines/form.machine';
import { projectLibrary } from '../../sync/commands/library-commands';
import { useSession } from '../session/use-session';
import { idColumn, stateTag, stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';
import {
  DeleteAction,
  notifySaved,
  recordLibraryCommand,
  TemplateListScreen,
  type TemplateEditorProps,
} from './template-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { useForm } from '../forms/use-form';

// Content templates from the local replica, with their review states, and an editor that shows how variables are
// written, flags a misspelt one and counts placeholders and billing segments as the user types. Adds, edits (a
// rejected template fixed and sent back to review) and deletes are commands (work offline).
type Row = ContentTemplateDoc & { pending?: string };

export const contentTemplates: ScreenDefinition<Row> = {
  path: '/contentTemplateList',
  title: 'screen.contentTemplateList',
  collection: 'templates',
  fixed: [{ op: 'eq', field: 'kind', value: 'content' }],
  columns: [
    idColumn<Row>('template_id', 'lib.templateId'),
    { field: 'keyword', header: 'lib.keyword' },
    { field: 'template_content', header: 'lib.content' },
    {
      field: 'check_status',
      header: 'lib.checkStatus',
      render: (r, v) => stateTag(CONTENT_TEMPLATE_STATUS, r.check_status, v, r.pending),
      text: (r, v) => stateText(CONTENT_TEMPLATE_STATUS, r.check_status, v),
    },
    { field: 'result_desc', header: 'lib.resultDesc' },
    timeColumn<Row>('check_time', 'lib.checkTime'),
    timeColumn<Row>('create_time', 'lib.createTime'),
    { field: 'cus_id', header: 'lib.account', visible: accountFilterVisible },
  ],
  filters: [
    { field: 'cus_id', label: 'lib.account', kind: 'eq-text', visible: accountFilterVisible },
    {
      field: 'check_status',
      label: 'lib.checkStatus',
      kind: 'select',
      options: filterOptions(CONTENT_TEMPLATE_STATUS),
    },
    { field: 'template_content', label: 'lib.content', kind: 'contains' },
  ],
  dateField: 'create_time',
  project: (rows, pending) => projectLibrary('content', rows, pending),
  actions: (r) => (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <EditAction row={r} />
      <DeleteAction type="template.content.delete" id={r.id} name={r.keyword} />
    </span>
  ),
};

/** The syntax of a variable, said under the content before anyone gets it wrong. */
function PlaceholderHint() {
  const { t } = useTranslation();
  return <small data-testid="tpl-syntax">{t('lib.placeholderSyntax')}</small>;
}

const contentFields: FieldDefinition[] = [
  { name: 'keyword', label: 'lib.keyword', testId: 'tpl-keyword' },
  {
    name: 'template_content',
    label: 'lib.content',
    kind: 'textarea',
    rows: 6,
    testId: 'tpl-content',
    note: <PlaceholderHint />,
    errorParams: (v) => ({ names: namedPlaceholders(invalidPlaceholders(String(v.template_content ?? ''))) }),
  },
];
/** A misspelt variable would be taken as plain text and sent as written: the editor says so as it is typed. */
const LIVE_RULES = [PLACEHOLDER_INVALID];

/** Adds a template, or (seeded with a row's or a refused edit's `id`) changes one, which sends it back to review. */
export function ContentTemplateEditor({ onDone, seed }: TemplateEditorProps) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const editId = typeof seed?.id === 'string' ? seed.id : null;
  const form = useForm(
    () =>
      editId
        ? {
            schema: contentTemplateModSchema,
            values: seedValues({ template_id: editId, template_content: '', keyword: '' }, seed),
            live: LIVE_RULES,
          }
        : {
            schema: contentTemplateFormSchema,
            values: seedValues({ cus_id: userInfo?.authUser.cus_id ?? '', template_content: '', keyword: '' }, seed),
            live: LIVE_RULES,
          },
    (request) =>
      editId
        ? recordLibraryCommand('template.content.mod', editId, {
            id: editId,
            template_content: request.template_content,
            keyword: request.keyword,
          })
        : recordLibraryCommand('template.content.add', `new:${Date.now()}`, request),
    onDone,
  );
  const content = String(form.values.template_content ?? '');
  const seg = countSegments(content);
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 420 }}
      data-testid="content-template-editor"
    >
      <FormFields form={form} fields={contentFields} testId="tpl" errorTestId={(f) => `error-${f}`} />
      <small data-testid="tpl-counts">
        {t('lib.placeholders', { n: maxPlaceholderIndex(content) })} ·{' '}
        {t('lib.segments', { chars: seg.units, segments: seg.segments, per: seg.perSegment })}
      </small>
      {editId && <small>{t('lib.editReview')}</small>}
      {form.failure && <small className="p-error">{form.failure}</small>}
      <Button data-testid="tpl-save" label={t('lib.save')} icon="pi pi-check" onClick={form.submit} />
    </div>
  );
}

/** The operations cell's edit: the editor, seeded with the row, in a dialog of its own. */
function EditAction({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (row.id.startsWith('pending:')) return null;
  return (
    <>
      <Button
        data-testid="row-edit"
        icon="pi pi-pencil"
        size="small"
        text
        aria-label={t('lib.edit')}
        onClick={() => setOpen(true)}
      />
      <Dialog header={t('lib.editTemplate')} visible={open} onHide={() => setOpen(false)}>
        {open && (
          <ContentTemplateEditor
            seed={{ id: row.id, template_content: row.template_content, keyword: row.keyword }}
            onDone={() => (setOpen(false), notifySaved())}
          />
        )}
      </Dialog>
    </>
  );
}

export const ContentTemplatesScreen = () => (
  <TemplateListScreen
    def={contentTemplates}
    Editor={ContentTemplateEditor}
    addType="template.content.add"
    modType="template.content.mod"
  />
);
