import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichCard, VideoFrame } from '../../contract/entities.schema';
import { parseLowType } from '../../contract/states';
import { fileMaterialEndpoint } from '../../contract/endpoints/library.endpoints';
import { api } from '../session/api';
import './rich-preview.css';

// The rich message preview panel: switchable views of the 5G card carousel (image / video / audio media,
// title, text, buttons), the fallback SMS text, the fallback video message (title and frames) and the fallback
// reading message, under a 1069-style sender placeholder. Shared by the template editors and the send workspace.
// Everything shown is the user's text rendered as text, never as HTML.

export type PreviewView = 'card' | 'sms' | 'video' | 'read';

export interface RichPreviewProps {
  cards?: readonly RichCard[];
  /** the fallback types ("1,2,3"); views for fallbacks appear when listed here or when their content is given. */
  lowType?: string;
  smsContent?: string;
  videoTitle?: string;
  videoFrames?: readonly VideoFrame[];
  readContent?: string;
  /** which views to offer, in order (default: those with content). */
  views?: PreviewView[];
  /** turns a stored media url into one the browser can load (default: our materials are fetched, see useMaterial). */
  mediaSrc?: (url: string) => string;
}

/** Our materials need the token, and a token never goes into a URL: they are fetched with the Authorization header
 * and shown from a blob: URL, released when the element goes. Other urls are used as they are. */
function useMaterial(url: string): string {
  const fileId = url.includes('/file/material?')
    ? new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('fileId')
    : null;
  const [blobUrl, setBlobUrl] = useState('');
  useEffect(() => {
    if (!fileId) return;
    let made = '';
    let live = true;
    api.download(fileMaterialEndpoint, { fileId }, { silent: true }).then(
      ({ blob }) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setBlobUrl(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId]);
  return fileId ? blobUrl : url;
}

function Media({ type, url, src }: { type: string; url: string; src?: (u: string) => string }) {
  const loaded = useMaterial(url);
  if (!url || type === 'text') return null;
  if (src) return <MediaElement type={type} src={src(url)} />;
  return loaded ? <MediaElement type={type} src={loaded} /> : null;
}

function MediaElement({ type, src }: { type: string; src: string }) {
  if (type === 'video')
    return (
      <video className="rp-media" data-testid="preview-media" data-type="video" src={src} controls preload="metadata" />
    );
  if (type === 'audio')
    return (
      <audio className="rp-audio" data-testid="preview-media" data-type="audio" src={src} controls preload="metadata" />
    );
  return <img className="rp-media" data-testid="preview-media" data-type="image" src={src} alt="" />;
}

export function RichPreview(p: RichPreviewProps) {
  const { t } = useTranslation();
  const src = p.mediaSrc;
  const low = parseLowType(p.lowType ?? '');
  const offered: PreviewView[] =
    p.views ??
    ([
      p.cards !== undefined ? 'card' : null,
      low.includes(1) || p.smsContent ? 'sms' : null,
      low.includes(2) || (p.videoFrames?.length ?? 0) > 0 ? 'video' : null,
      low.includes(3) || p.readContent ? 'read' : null,
    ].filter(Boolean) as PreviewView[]);
  const [chosen, setChosen] = useState<PreviewView | null>(null);
  const view = chosen && offered.includes(chosen) ? chosen : offered[0];
  const empty = <div className="rp-empty">{t('preview.empty')}</div>;

  return (
    <aside className="rich-preview" data-testid="rich-preview" data-view={view}>
      {offered.length > 1 && (
        <SelectButton
          data-testid="preview-views"
          value={view}
          options={offered.map((v) => ({ value: v, label: t(`preview.${v}`) }))}
          onChange={(e) => e.value && setChosen(e.value as PreviewView)}
        />
      )}
      <div className="rp-phone">
        <div className="rp-sender">{t('preview.sender')}</div>
        {view === 'card' &&
          ((p.cards ?? []).length === 0 ? (
            empty
          ) : (
            <div className="rp-carousel" data-testid="preview-cards">
              {[...(p.cards ?? [])]
                .sort((a, b) => a.cardSeq - b.cardSeq)
                .map((c, i) => (
                  <div className="rp-card" data-testid="preview-card" key={`${c.cardSeq}-${i}`}>
                    <Media type={c.mediaType} url={c.mediaUrl} src={src} />
                    <div className="rp-title">{c.cardTitle}</div>
                    <div className="rp-text">{c.textContent}</div>
                    <div className="rp-buttons">
                      {c.buttons.map((b, j) => (
                        <span className="rp-button" data-testid="preview-button" key={j} title={b.url ?? ''}>
                          {b.buttonName}
                        </span>
                      ))}
                    </div>
                  </div>
                ))}
            </div>
          ))}
        {view === 'sms' &&
          (p.smsContent ? (
            <div className="rp-bubble" data-testid="preview-sms">
              {p.smsContent}
            </div>
          ) : (
            empty
          ))}
        {view === 'video' &&
          ((p.videoFrames ?? []).length === 0 ? (
            empty
          ) : (
            <div className="rp-video" data-testid="preview-video">
              {p.videoTitle && <div className="rp-title">{p.videoTitle}</div>}
              {(p.videoFrames ?? []).map((f, i) => (
                <div className="rp-frame" data-testid="preview-frame" key={i}>
                  <Media type={f.mediaType} url={f.mediaUrl} src={src} />
                  {f.textContent && <div className="rp-text">{f.textContent}</div>}
                </div>
              ))}
            </div>
          ))}
        {view === 'read' &&
          (p.readContent ? (
            <div className="rp-bubble" data-testid="preview-read">
              {p.readContent}
            </div>
          ) : (
            empty
          ))}
      </div>
    </aside>
  );
}
