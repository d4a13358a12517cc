import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { uploadVideoMaterialEndpoint } from '../../contract/endpoints/file.endpoints';
import type { SendDraft, SendKindConfig, VideoFrame } from '../../machines/send-kinds';
import { contentFigures, outgoingContent, signatureOf } from '../../machines/send-kinds';
import { MediaField } from '../forms/media-field';

// The content part of a send form per kind: message text with its live figures (characters, encoding,
// parts, capacity per part, signature), and the fields only some kinds have (link, product link, sender id, video
// frames or template, chatbot and card template with its fallback type).

type Option = { label: string; value: string };

interface Props {
  cfg: SendKindConfig;
  draft: SendDraft;
  update: (patch: Partial<SendDraft>) => void;
  linkBase: string;
  videoTemplates: Option[];
  chatbots: Option[];
  /** why the chatbots could not be read. */
  chatbotError?: string | null;
  cardTemplates: Option[];
  /** one-to-one: the largest message after filling placeholders. */
  largest?: string;
}

const MEDIA = ['text', 'image', 'video', 'audio'] as const;

export function ContentFields({
  cfg,
  draft,
  update,
  linkBase,
  videoTemplates,
  chatbots,
  chatbotError,
  cardTemplates,
  largest,
}: Props) {
  const { t } = useTranslation();
  const text = cfg.kind === 'oneToOne' && largest !== undefined ? largest : outgoingContent(cfg, draft, linkBase);
  const figures = contentFigures(text);
  const signature = signatureOf(draft.content);
  const field = (key: keyof SendDraft, label: string, placeholder?: string) => (
    <div className="send-field">
      <label htmlFor={`send-${key}`}>{t(label)}</label>
      <InputText
        id={`send-${key}`}
        data-testid={`send-${key}`}
        value={String(draft[key] ?? '')}
        placeholder={placeholder}
        onChange={(e) => update({ [key]: e.target.value })}
      />
    </div>
  );
  const frames = draft.frames ?? [];
  const setFrame = (i: number, patch: Partial<VideoFrame>) =>
    update({ frames: frames.map((f, j) => (j === i ? { ...f, ...patch } : f)) });

  return (
    <div className="send-content">
      {cfg.kind === 'link' && field('long_link', 'send.longLink', 'https://')}
      {cfg.kind === 'taoke' && field('product_link', 'send.productLink', 'https://')}
      {cfg.kind === 'international' && field('sender_id', 'send.senderId')}
      {cfg.kind === 'card' && (
        <>
          <div className="send-field">
            <label>{t('send.chatbot')}</label>
            <Dropdown
              data-testid="send-chatbot"
              value={draft.chatbot_id ?? null}
              options={chatbots}
              onChange={(e) => update({ chatbot_id: e.value as string, template_id: undefined })}
              placeholder={t('send.chatbot')}
            />
            {chatbotError && (
              <small className="p-error" role="alert" data-testid="send-chatbot-error">
                {chatbotError}
              </small>
            )}
          </div>
          <div className="send-field">
            <label>{t('send.cardTemplate')}</label>
            <Dropdown
              data-testid="send-card-template"
              value={draft.template_id ?? null}
              options={cardTemplates}
              onChange={(e) => update({ template_id: e.value as string })}
              placeholder={t('send.cardTemplate')}
              showClear
            />
          </div>
          {field('template_name', 'send.cardName')}
          <div className="send-field">
            <label>{t('send.lowType')}</label>
            <Dropdown
              data-testid="send-low-type"
              value={draft.low_type ?? ''}
              options={['', '1', '2', '3'].map((v) => ({ value: v, label: t(`send.lowTypes.${v || 'none'}`) }))}
              onChange={(e) => update({ low_type: e.value as string })}
            />
          </div>
        </>
      )}
      {cfg.kind === 'video' && (
        <>
          <div className="send-field">
            <label>{t('send.videoTemplate')}</label>
            <Dropdown
              data-testid="send-video-template"
              value={draft.cus_template_id ?? null}
              options={videoTemplates}
              onChange={(e) => update({ cus_template_id: e.value as string })}
              placeholder={t('send.videoTemplate')}
              showClear
            />
          </div>
          {!draft.cus_template_id && (
            <>
              {field('title', 'send.videoTitle')}
              {frames.map((f, i) => (
                <div className="send-row" key={i} data-testid="send-frame">
                  {/* the frame's media is uploaded (checked by content on the platform), as in the video template editor */}
                  <MediaField
                    endpoint={uploadVideoMaterialEndpoint}
                    types={MEDIA}
                    mediaType={f.mediaType}
                    mediaUrl={f.mediaUrl}
                    testId={`send-frame-${i}`}
                    onChange={(patch) => setFrame(i, patch as Partial<VideoFrame>)}
                  />
                  <InputText
                    value={f.textContent}
                    placeholder={t('send.frameText')}
                    onChange={(e) => setFrame(i, { textContent: e.target.value })}
                  />
                  <Button
                    icon="pi pi-trash"
                    text
                    aria-label={t('send.removeFrame')}
                    onClick={() => update({ frames: frames.filter((_, j) => j !== i) })}
                  />
                </div>
              ))}
              <Button
                data-testid="send-add-frame"
                size="small"
                text
                icon="pi pi-plus"
                label={t('send.addFrame')}
                disabled={frames.length >= 20}
                onClick={() => update({ frames: [...frames, { mediaType: 'text', mediaUrl: '', textContent: '' }] })}
              />
            </>
          )}
        </>
      )}
      {cfg.kind !== 'video' && (
        <div className="send-field">
          <label htmlFor="send-content">
            {t(cfg.kind === 'card' ? 'send.fallbackText' : cfg.kind === 'oneToOne' ? 'send.template' : 'send.content')}
          </label>
          <InputTextarea
            id="send-content"
            data-testid="send-content"
            rows={5}
            value={draft.content}
            onChange={(e) => update({ content: e.target.value })}
            style={{ width: '100%' }}
          />
          {cfg.perSegment && (
            <small className="send-figures" data-testid="send-figures">
              {t('send.figures', {
                count: figures.segments,
                characters: figures.characters,
                encoding: figures.encoding,
                parts: figures.segments,
                perPart: figures.perSegment,
              })}
              {signature && (
                <>
                  {' '}
                  · {t('send.signature')}: <span data-testid="send-signature">{signature}</span>
                </>
              )}
              {cfg.kind === 'oneToOne' && largest !== undefined && <> · {t('send.largest')}</>}
            </small>
          )}
        </div>
      )}
    </div>
  );
}
