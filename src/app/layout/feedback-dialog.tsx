import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../forms/form-dialog';

// Feedback: a screenshot and text; it only says "submitted" and sends nothing.

/** best effort: the page drawn through an SVG foreignObject onto a canvas (styles of linked sheets may be missing). */
async function capturePage(): Promise<string> {
  const { clientWidth: w, clientHeight: h } = document.documentElement;
  const html = new XMLSerializer().serializeToString(document.body);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><foreignObject width="100%" height="100%">${html}</foreignObject></svg>`;
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(img, 0, 0);
  return canvas.toDataURL('image/png');
}

export function FeedbackDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const capture = () => capturePage().then(setImage, () => setProblem(t('feedback.captureFailed')));
  const attach = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setImage(String(reader.result));
    reader.readAsDataURL(file);
  };
  const submit = () => {
    if (!text.trim()) return setProblem(t('feedback.textRequired'));
    setProblem(null);
    setSubmitted(true);
  };
  const hide = () => {
    setText('');
    setImage(null);
    setProblem(null);
    setSubmitted(false);
    onHide();
  };
  return (
    <FormDialog
      header={t('feedback.title')}
      visible={visible}
      onHide={hide}
      unsaved={!submitted && (text.trim() !== '' || image !== null)}
      style={{ width: 'min(640px, 95vw)' }}
    >
      {submitted ? (
        <Message severity="success" text={t('feedback.submitted')} role="status" />
      ) : (
        <div className="feedback-form">
          <label htmlFor="feedback-text">{t('feedback.text')}</label>
          <InputTextarea
            id="feedback-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={5}
            autoResize
          />
          <span>{t('feedback.screenshot')}</span>
          <div className="feedback-shot">
            <Button type="button" label={t('feedback.capture')} icon="pi pi-camera" outlined onClick={capture} />
            <label className="p-button p-button-outlined p-component" htmlFor="feedback-file">
              <i className="pi pi-image" aria-hidden="true" />
              &nbsp;{t('feedback.attach')}
            </label>
            <input id="feedback-file" className="visually-hidden" type="file" accept="image/*" onChange={attach} />
          </div>
          {image && <img className="feedback-preview" src={image} alt={t('feedback.screenshotAlt')} />}
          {problem && <Message severity="warn" text={problem} role="alert" />}
          <Button type="button" label={t('common.submit')} onClick={submit} />
        </div>
      )}
    </FormDialog>
  );
}
