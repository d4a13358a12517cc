import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { countSegments } from '../../contract/segments';
import { CONTENT_TEMPLATE_STATUS, filterOptions } from '../../contract/states';
import type { ContentTemplateDoc } from '../../contract/library.schema';
import { maxPlaceholderIndex } from '../../contract/validation/template-placeholders';
import { contentTemplateFormSchema } from '../../contract/validation/template.rules';
import { seedValues } from '../../machines/form.machine';
import { projectLibrary } from '../../sync/library-commands';
import { useSession } from '../session/use-session';
import { idColumn, stateTag, stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';
import { DeleteAction, recordLibraryCommand, TemplateListScreen, type TemplateEditorProps } from './template-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { useForm } from '../forms/use-form';

// Content templates from the local replica, with their review states, and an editor that
// counts placeholders and billing segments as the user types. Adds and deletes are commands (work offline).
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
    { field: 'check_status', label: 'lib.checkStatus', kind: 'select', options: filterOptions(CONTENT_TEMPLATE_STATUS) },
    { field: 'template_content', label: 'lib.content', kind: 'contains' },
  ],
  dateField: 'create_time',
  project: (rows, pending) => projectLibrary('content', rows, pending),
  actions: (r) => <DeleteAction type="template.content.delete" id={r.id} name={r.keyword} />,
};

const contentFields: FieldDefinition[] = [
  { name: 'keyword', label: 'lib.keyword', testId: 'tpl-keyword' },
  { name: 'template_content', label: 'lib.content', kind: 'textarea', rows: 6, testId: 'tpl-content' },
];

export function ContentTemplateEditor({ onDone, seed }: TemplateEditorProps) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const form = useForm(
    () => ({ schema: contentTemplateFormSchema, values: seedValues({ cus_id: userInfo?.authUser.cus_id ?? '', template_content: '', keyword: '' }, seed) }),
    (request) => recordLibraryCommand('template.content.add', `new:${Date.now()}`, request),
  );
  const content = String(form.values.template_content ?? '');
  const seg = countSegments(content);
  if (form.done) queueMicrotask(onDone);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 420 }} data-testid="content-template-editor">
      <FormFields form={form} fields={contentFields} testId="tpl" errorTestId={(f) => `error-${f}`} />
      <small data-testid="tpl-counts">
        {t('lib.placeholders', { n: maxPlaceholderIndex(content) })} · {t('lib.segments', { chars: seg.units, segments: seg.segments, per: seg.perSegment })}
      </small>
      {form.failure && <small className="p-error">{form.failure}</small>}
      <Button data-testid="tpl-save" label={t('lib.save')} icon="pi pi-check" onClick={form.submit} />
    </div>
  );
}

export const ContentTemplatesScreen = () => <TemplateListScreen def={contentTemplates} Editor={ContentTemplateEditor} addType="template.content.add" />;
