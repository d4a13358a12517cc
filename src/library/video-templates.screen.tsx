import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { uploadVideoMaterialEndpoint } from '../../contract/endpoints/file.endpoints';
import type { VideoFrame } from '../../contract/entities.schema';
import type { VideoTemplateDoc } from '../../contract/library.schema';
import { filterOptions, sizeInKb, VIDEO_TEMPLATE_STATUS } from '../../contract/states';
import { videoTemplateFormSchema } from '../../contract/validation/template.rules';
import { seedValues } from '../../machines/form.machine';
import { projectLibrary } from '../../sync/commands/library-commands';
import { RichPreview } from '../ui/rich-preview';
import { useSession } from '../session/use-session';
import { idColumn, stateTag, stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';
import { DeleteAction, recordLibraryCommand, TemplateListScreen, type TemplateEditorProps } from './template-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';
import { ItemControls } from '../forms/item-controls';
import { MediaField } from '../forms/media-field';

// Video templates (their review states, size in KB rounded up), and the frame editor (upload,
// order, text) beside the rich message preview.
type Row = VideoTemplateDoc & { pending?: string };

export const videoTemplates: ScreenDefinition<Row> = {
  path: '/videoTemplateList',
  title: 'screen.videoTemplateList',
  collection: 'templates',
  fixed: [{ op: 'eq', field: 'kind', value: 'video' }],
  columns: [
    idColumn<Row>('cus_template_id', 'lib.templateId'),
    { field: 'title', header: 'lib.title' },
    { field: 'template_sign', header: 'lib.sign' },
    { field: 'size', header: 'lib.size', text: (r) => String(sizeInKb(r.size ?? 0)) },
    {
      field: 'status',
      header: 'lib.status',
      render: (r, v) => stateTag(VIDEO_TEMPLATE_STATUS, r.status, v, r.pending),
      text: (r, v) => stateText(VIDEO_TEMPLATE_STATUS, r.status, v),
    },
    { field: 'remark', header: 'lib.remark' },
    timeColumn<Row>('create_time', 'lib.createTime'),
    { field: 'cus_id', header: 'lib.account', visible: accountFilterVisible },
  ],
  filters: [
    { field: 'cus_id', label: 'lib.account', kind: 'eq-text', visible: accountFilterVisible },
    { field: 'status', label: 'lib.status', kind: 'select', options: filterOptions(VIDEO_TEMPLATE_STATUS) },
    { field: 'title', label: 'lib.title', kind: 'contains' },
  ],
  dateField: 'create_time',
  project: (rows, pending) => projectLibrary('video', rows, pending),
  actions: (r) => <DeleteAction type="template.video.delete" id={r.id} name={r.title} disabled={r.status === 4} />,
};

const newFrame = (): VideoFrame => ({ mediaType: 'image', mediaUrl: '', textContent: '' });

const videoFields: FieldDefinition[] = [
  { name: 'title', label: 'lib.title' },
  { name: 'template_sign', label: 'lib.sign' },
  { name: 'remark', label: 'lib.remark' },
];

export function VideoTemplateEditor({ onDone, seed }: TemplateEditorProps) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const form = useForm(
    () => ({
      schema: videoTemplateFormSchema,
      values: seedValues(
        { cus_id: userInfo?.authUser.cus_id ?? '', title: '', template_sign: '', remark: '', frames: [newFrame()] },
        seed,
      ),
    }),
    (request) => recordLibraryCommand('template.video.add', `new:${Date.now()}`, request),
    onDone,
  );
  const { values, errors } = form;
  const frames = (Array.isArray(values.frames) ? values.frames : []) as VideoFrame[];
  // the list's own error and each frame's, told at the list and at the frame
  const err = (f: string, n?: number) =>
    errors[f] && (
      <small className="p-error" role="alert" data-testid={`error-${f}`}>
        {messageText(errors[f], n ? { n } : {})}
      </small>
    );
  return (
    <div style={{ display: 'flex', gap: 16 }} data-testid="video-template-editor">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 460 }}>
        <FormFields form={form} fields={videoFields} testId="vt" errorTestId={(f) => `error-${f}`} />
        <strong>{t('lib.frames')}</strong>
        {err('frames')}
        {frames.map((f, i) => (
          <div
            key={i}
            data-testid="vt-frame"
            style={{
              border: '1px solid #ddd',
              borderRadius: 6,
              padding: 8,
              display: 'flex',
              flexDirection: 'column',
              gap: 6,
            }}
          >
            <ItemControls
              form={form}
              field="frames"
              index={i}
              count={frames.length}
              title={t('lib.frame', { n: i + 1 })}
            />
            <MediaField
              endpoint={uploadVideoMaterialEndpoint}
              types={['image', 'video', 'audio', 'text']}
              mediaType={f.mediaType}
              mediaUrl={f.mediaUrl}
              testId={`vt-frame-${i}`}
              onChange={(patch) => form.item.set('frames', i, patch)}
            />
            <InputTextarea
              data-testid={`vt-frame-${i}-text`}
              rows={2}
              value={f.textContent}
              placeholder={t('lib.text')}
              aria-label={t('lib.text')}
              onChange={(e) => form.item.set('frames', i, { textContent: e.target.value })}
            />
            {err(`frames.${i}.mediaUrl`, i + 1)}
          </div>
        ))}
        <Button
          type="button"
          data-testid="vt-add-frame"
          size="small"
          outlined
          icon="pi pi-plus"
          label={t('lib.addFrame')}
          onClick={() => form.item.add('frames', newFrame())}
        />
        {form.failure && <small className="p-error">{form.failure}</small>}
        <Button data-testid="vt-save" label={t('lib.save')} icon="pi pi-check" onClick={form.submit} />
      </div>
      <RichPreview views={['video']} videoTitle={String(values.title ?? '')} videoFrames={frames} />
    </div>
  );
}

export const VideoTemplatesScreen = () => (
  <TemplateListScreen def={videoTemplates} Editor={VideoTemplateEditor} addType="template.video.add" />
);
