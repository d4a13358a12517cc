import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { translate } from '../../contract/messages';
import { countSegments } from '../../contract/segments';
import { CONTENT_TEMPLATE_STATUS, filterOptions } from '../../contract/states';
import type { ContentTemplateDoc } from '../../contract/library.schema';
import { maxPlaceholderIndex } from '../../contract/validation/template-placeholders';
import { contentTemplateFormSchema } from '../../contract/validation/template.rules';
import { seedFrom, templateEditorMachine } from '../../machines/template-editor.machine';
import { projectLibrary } from '../../sync/library-commands';
import { useSession } from '../session/use-session';
import { idColumn, stateTag, stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';
import { DeleteAction, recordLibraryCommand, TemplateListScreen, type TemplateEditorProps } from './template-actions';
import { useEditorMachine } from '../forms/use-editor-machine';

// Screen 13 of spec §2: content templates from the local replica, with the review states of §4, and an editor that
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
    { field: 'check_status', header: 'lib.checkStatus', render: (r, v) => stateTag(CONTENT_TEMPLATE_STATUS, r.check_status, v, r.pending), text: (r, v) => stateText(CONTENT_TEMPLATE_STATUS, r.check_status, v) },
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

export function ContentTemplateEditor({ onDone, seed }: TemplateEditorProps) {
  const { t } = useTranslation();
  const { userInfo, language } = useSession();
  const [state, send] = useEditorMachine(() =>
    templateEditorMachine(contentTemplateFormSchema, seedFrom({ cus_id: userInfo?.authUser.cus_id ?? '', template_content: '', keyword: '' }, null, [], seed).values, null).provide({
      actors: { record: fromPromise(({ input }) => recordLibraryCommand('template.content.add', `new:${Date.now()}`, input)) },
    }),
  );
  const { values, errors } = state.context;
  const content = String(values.template_content ?? '');
  const seg = countSegments(content);
  if (state.status === 'done') queueMicrotask(onDone);
  const err = (f: string) => errors[f] && <small className="p-error" data-testid={`error-${f}`}>{translate(language, errors[f])}</small>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 420 }} data-testid="content-template-editor">
      <label>{t('lib.keyword')}</label>
      <InputText data-testid="tpl-keyword" value={String(values.keyword ?? '')} onChange={(e) => send({ type: 'field.set', field: 'keyword', value: e.target.value })} />
      {err('keyword')}
      <label>{t('lib.content')}</label>
      <InputTextarea data-testid="tpl-content" rows={6} value={content} onChange={(e) => send({ type: 'field.set', field: 'template_content', value: e.target.value })} />
      {err('template_content')}
      <small data-testid="tpl-counts">
        {t('lib.placeholders', { n: maxPlaceholderIndex(content) })} · {t('lib.segments', { chars: seg.units, segments: seg.segments, per: seg.perSegment })}
      </small>
      {state.context.failure && <small className="p-error">{state.context.failure}</small>}
      <Button data-testid="tpl-save" label={t('lib.save')} icon="pi pi-check" onClick={() => send({ type: 'submit' })} />
    </div>
  );
}

export const ContentTemplatesScreen = () => <TemplateListScreen def={contentTemplates} Editor={ContentTemplateEditor} addType="template.content.add" />;
