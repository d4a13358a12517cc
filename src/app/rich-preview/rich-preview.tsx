import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CspContent } from '../../../contract/entities.schema';
import './rich-preview.css';

// The rich message preview panel of spec §2: a phone frame with switchable views — the 5G card carousel (image /
// video / audio media, title, text, buttons), the fallback SMS, the fallback video message (theme plus frames) and the
// fallback reading message. The sender shows as a 1069-style placeholder. Everything is text: no user HTML.

export type PreviewView = 'card' | 'sms' | 'video' | 'read';

export interface RichPreviewProps {
  content: CspContent;
  /** low_type: comma list of fallbacks (1 SMS, 2 video, 3 read); '' none. */
  lowType: string;
  sender?: string;
}

const VIEW_OF: Record<string, PreviewView> = { '1': 'sms', '2': 'video', '3': 'read' };

export function RichPreview({ content, lowType, sender = '1069XXXXXXXX' }: RichPreviewProps) {
  const { t } = useTranslation();
  const fallbacks = lowType.split(',').map((s) => VIEW_OF[s.trim()]).filter(Boolean);
  const views: PreviewView[] = ['card', ...fallbacks];
  const [view, setView] = useState<PreviewView>('card');
  const [card, setCard] = useState(0);
  const shown = views.includes(view) ? view : 'card';
  return (
    <div className="rich-preview" data-testid="rich-preview">
      <div className="rich-preview-tabs" role="tablist">
        {views.map((v) => (
          <button key={v} type="button" role="tab" aria-selected={shown === v} data-testid={`preview-tab-${v}`} onClick={() => setView(v)}>
            {t(`preview.${v}`)}
          </button>
        ))}
      </div>
      <div className="rich-preview-phone">
        <div className="rich-preview-sender" data-testid="preview-sender">{sender}</div>
        {shown === 'card' && (
          <div data-testid="preview-card">
            {content.cards.length === 0 && <p className="rich-preview-empty">{t('preview.noCard')}</p>}
            {content.cards[card] && <Card c={content.cards[card]} />}
            {content.cards.length > 1 && (
              <div className="rich-preview-dots">
                {content.cards.map((c, i) => (
                  <button key={c.cardSeq} type="button" aria-label={String(i + 1)} aria-current={i === card} onClick={() => setCard(i)} />
                ))}
              </div>
            )}
          </div>
        )}
        {shown === 'sms' && <p className="rich-preview-bubble" data-testid="preview-sms">{content.smsContent}</p>}
        {shown === 'video' && (
          <div data-testid="preview-video">
            <h4>{content.videoTitle}</h4>
            {content.videoFrames.map((f, i) => (
              <div key={i} className="rich-preview-frame">
                {f.mediaType !== 'text' && <Media type={f.mediaType} url={f.mediaUrl} />}
                {f.textContent && <p>{f.textContent}</p>}
              </div>
            ))}
          </div>
        )}
        {shown === 'read' && <p className="rich-preview-bubble" data-testid="preview-read">{content.readContent}</p>}
      </div>
    </div>
  );
}

function Card({ c }: { c: CspContent['cards'][number] }) {
  return (
    <div className="rich-preview-card">
      <Media type={c.mediaType} url={c.mediaUrl} />
      <strong>{c.cardTitle}</strong>
      <p>{c.textContent}</p>
      {c.buttons.map((b, i) => (
        <span key={i} className="rich-preview-button">{b.buttonName}</span>
      ))}
    </div>
  );
}

/** Only http(s) and same-origin media are loaded; anything else shows as its type. */
function Media({ type, url }: { type: string; url: string }) {
  if (!/^(https?:\/\/|\/(?!\/))/.test(url)) return <div className="rich-preview-media">{type}</div>;
  if (type === 'image') return <img className="rich-preview-media" src={url} alt="" />;
  if (type === 'video') return <video className="rich-preview-media" src={url} controls preload="none" />;
  if (type === 'audio') return <audio src={url} controls preload="none" />;
  return null;
}
