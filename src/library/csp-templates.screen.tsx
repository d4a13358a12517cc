import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadCspMaterialEndpoint } from '../../contract/endpoints/file.endpoints';
import type { RichCard } from '../../contract/entities.schema';
import type { CspTemplateDoc } from '../../contract/library.schema';
import { translate } from '../../contract/messages';
import { CSP_TEMPLATE_STATUS, filterOptions, lowTypeLabels, parseLowType } from '../../contract/states';
import { cspTemplateFormSchema } from '../../contract/validation/template.rules';
import { seedValues, type FormValues } from '../../machines/form.machine';
import { projectLibrary } from '../../sync/commands/library-commands';
import { RichPreview } from '../ui/rich-preview';
import { useSession } from '../session/use-session';
import { idColumn, stateTag, stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';
import { useChatbots } from '../data/use-chatbots';
import { DeleteAction, recordLibraryCommand, TemplateListScreen, type TemplateEditorProps } from './template-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';
import { ItemControls } from '../forms/item-controls';
import { MediaField } from '../forms/media-field';

// CSP (rich card) templates with their review states and fallback types, and the card editor
// (cards, media, buttons, fallbacks) beside the rich message preview.
type Row = CspTemplateDoc & { pending?: string };

export const cspTemplates: ScreenDefinition<Row> = {
  path: '/cspTemplateList',
  title: 'screen.cspTemplateList',
  collection: 'templates',
  fixed: [{ op: 'eq', field: 'kind', value: 'csp' }],
  columns: [
    idColumn<Row>('template_id', 'lib.templateId'),
    { field: 'template_name', header: 'lib.templateName' },
    { field: 'chatbot_id', header: 'lib.chatbot' },
    { field: 'autograph', header: 'lib.autograph' },
    {
      field: 'low_type',
      header: 'lib.lowType',
      text: (r, v) =>
        lowTypeLabels(r.low_type)
          .map((k) => translate(v.lang, k))
          .join('、'),
    },
    {
      field: 'template_status',
      header: 'lib.status',
      render: (r, v) => stateTag(CSP_TEMPLATE_STATUS, r.template_status, v, r.pending),
      text: (r, v) => stateText(CSP_TEMPLATE_STATUS, r.template_status, v),
    },
    timeColumn<Row>('create_time', 'lib.createTime'),
    { field: 'cus_id', header: 'lib.account', visible: accountFilterVisible },
  ],
  filters: [
    { field: 'cus_id', label: 'lib.account', kind: 'eq-text', visible: accountFilterVisible },
    { field: 'chatbot_id', label: 'lib.chatbot', kind: 'eq-text' },
    { field: 'template_status', label: 'lib.status', kind: 'select', options: filterOptions(CSP_TEMPLATE_STATUS) },
    { field: 'template_name', label: 'lib.templateName', kind: 'contains' },
  ],
  dateField: 'create_time',
  project: (rows, pending) => projectLibrary('csp', rows, pending),
  actions: (r) => <DeleteAction type="template.csp.delete" id={r.id} name={r.template_name} />,
};

const newCard = (): RichCard => ({
  cardSeq: 0,
  mediaType: 'image',
  mediaUrl: '',
  cardTitle: '',
  textContent: '',
  buttons: [],
});

/** The request carries the cards numbered in the order they are shown. */
const numberCards = (v: FormValues): FormValues => ({
  ...v,
  cards: ((v.cards ?? []) as RichCard[]).map((c, i) => ({ ...c, cardSeq: i + 1 })),
});

const fallbackFields: FieldDefinition[] = [
  {
    name: 'smsContent',
    label: 'lib.smsContent',
    labelHidden: true,
    placeholder: 'lib.smsContent',
    kind: 'textarea',
    rows: 2,
    testId: 'ct-sms',
    when: (v) => parseLowType(String(v.low_type ?? '')).includes(1),
  },
  {
    name: 'readContent',
    label: 'lib.readContent',
    labelHidden: true,
    placeholder: 'lib.readContent',
    kind: 'textarea',
    rows: 2,
    testId: 'ct-read',
    when: (v) => parseLowType(String(v.low_type ?? '')).includes(3),
  },
];

export function CardTemplateEditor({ onDone, seed }: TemplateEditorProps) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const form = useForm(
    () => ({
      schema: cspTemplateFormSchema,
      values: seedValues(
        {
          cus_id: userInfo?.authUser.cus_id ?? '',
          chatbot_id: '',
          template_name: '',
          autograph: '',
          low_type: '',
          smsContent: '',
          readContent: '',
          cards: [newCard()],
        },
        seed,
      ),
      request: numberCards,
    }),
    (request) => recordLibraryCommand('template.csp.add', `new:${Date.now()}`, request),
    onDone,
  );
  const { values, errors, set } = form;
  const cards = (Array.isArray(values.cards) ? values.cards : []) as RichCard[];
  // the account's chatbots (a card template belongs to one); the first is chosen by default
  const cusId = String(values.cus_id ?? '');
  const bots = useChatbots(cusId, true, (id) => set('chatbot_id', id));
  const fields = useMemo<FieldDefinition[]>(
    () => [
      { name: 'template_name', label: 'lib.templateName' },
      {
        name: 'chatbot_id',
        label: 'lib.chatbot',
        kind: 'select',
        placeholder: 'lib.chatbot',
        emptyMessage: 'lib.noChatbot',
        options: bots.options.map((o) => ({ label: `${o.label} (${o.value})`, value: o.value })),
        note: bots.error && (
          <small className="p-error" role="alert" data-testid="ct-chatbot-error">
            {bots.error}
          </small>
        ),
      },
      { name: 'autograph', label: 'lib.autograph' },
    ],
    [bots.options, bots.error],
  );
  // the list's own error and each card's material, told at the list and at the card
  const err = (f: string) => errors[f] && <small className="p-error">{messageText(errors[f])}</small>;
  const low = parseLowType(String(values.low_type ?? ''));
  const toggleLow = (code: 1 | 3, on: boolean) =>
    set('low_type', [...new Set(on ? [...low, code] : low.filter((c) => c !== code))].sort().join(','));
  const card = (i: number, patch: Partial<RichCard>) => form.item.set('cards', i, patch);
  return (
    <div style={{ display: 'flex', gap: 16 }} data-testid="card-template-editor">
      <div
        style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 480, maxHeight: '70vh', overflow: 'auto' }}
      >
        <FormFields form={form} fields={fields} testId="ct" />
        <strong>{t('lib.cards')}</strong>
        {err('cards')}
        {cards.map((c, i) => (
          <div
            key={i}
            data-testid="ct-card"
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
              field="cards"
              index={i}
              count={cards.length}
              title={t('lib.card', { n: i + 1 })}
            />
            <MediaField
              endpoint={uploadCspMaterialEndpoint}
              types={['image', 'video', 'audio']}
              mediaType={c.mediaType}
              mediaUrl={c.mediaUrl}
              testId={`ct-card-${i}`}
              onChange={(p) => card(i, p as Partial<RichCard>)}
            />
            {err(`cards.${i}.mediaUrl`)}
            <InputText
              data-testid={`ct-card-${i}-title`}
              placeholder={t('lib.title')}
              value={c.cardTitle}
              onChange={(e) => card(i, { cardTitle: e.target.value })}
            />
            <InputTextarea
              data-testid={`ct-card-${i}-text`}
              rows={2}
              placeholder={t('lib.text')}
              value={c.textContent}
              onChange={(e) => card(i, { textContent: e.target.value })}
            />
            {c.buttons.map((b, j) => (
              <span key={j} style={{ display: 'flex', gap: 4 }}>
                <InputText
                  data-testid={`ct-card-${i}-button-${j}`}
                  placeholder={t('lib.buttonName')}
                  value={b.buttonName}
                  onChange={(e) =>
                    card(i, { buttons: c.buttons.map((x, k) => (k === j ? { ...x, buttonName: e.target.value } : x)) })
                  }
                />
                <InputText
                  placeholder={t('lib.buttonUrl')}
                  value={b.url ?? ''}
                  onChange={(e) =>
                    card(i, {
                      buttons: c.buttons.map((x, k) => (k === j ? { ...x, url: e.target.value || undefined } : x)),
                    })
                  }
                />
              </span>
            ))}
            {c.buttons.length < 4 && (
              <Button
                type="button"
                data-testid={`ct-card-${i}-add-button`}
                size="small"
                text
                icon="pi pi-plus"
                label={t('lib.addButton')}
                onClick={() => card(i, { buttons: [...c.buttons, { buttonName: '' }] })}
              />
            )}
          </div>
        ))}
        <Button
          type="button"
          data-testid="ct-add-card"
          size="small"
          outlined
          icon="pi pi-plus"
          label={t('lib.addCard')}
          onClick={() => form.item.add('cards', newCard())}
        />
        <strong>{t('lib.lowType')}</strong>
        <span style={{ display: 'flex', gap: 12 }}>
          <label>
            <Checkbox data-testid="ct-low-sms" checked={low.includes(1)} onChange={(e) => toggleLow(1, !!e.checked)} />{' '}
            {t('preview.sms')}
          </label>
          <label>
            <Checkbox data-testid="ct-low-read" checked={low.includes(3)} onChange={(e) => toggleLow(3, !!e.checked)} />{' '}
            {t('preview.read')}
          </label>
        </span>
        <FormFields form={form} fields={fallbackFields} testId="ct" />
        {form.failure && <small className="p-error">{form.failure}</small>}
        <Button data-testid="ct-save" label={t('lib.save')} icon="pi pi-check" onClick={form.submit} />
      </div>
      <RichPreview
        cards={cards}
        lowType={String(values.low_type ?? '')}
        smsContent={String(values.smsContent ?? '')}
        readContent={String(values.readContent ?? '')}
      />
    </div>
  );
}

export const CspTemplatesScreen = () => (
  <TemplateListScreen def={cspTemplates} Editor={CardTemplateEditor} addType="template.csp.add" />
);
