import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '../../contract/endpoint';
import { UPLOAD_LIMITS } from '../../contract/endpoints/file.endpoints';
import { translate } from '../../contract/messages';
import { checkUpload } from '../../contract/validation/upload.rules';
import { api } from '../session/api';
import { useSession } from '../session/use-session';

// A frame's or card's media: its type and an uploaded material (checked by name and size here, by content on the
// platform). Uploads need the network; the rest of the editor does not.

export function MediaField({
  endpoint,
  types,
  mediaType,
  mediaUrl,
  onChange,
  testId,
}: {
  endpoint: Endpoint;
  types: readonly string[];
  mediaType: string;
  mediaUrl: string;
  onChange: (patch: { mediaType?: string; mediaUrl?: string }) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { language } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function upload(file: File) {
    const refused = checkUpload({ name: file.name, size: file.size }, UPLOAD_LIMITS[endpoint.path]);
    if (refused) return setError(translate(language, refused));
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const out = (await api.upload(endpoint, form, { silent: true })) as { url: string };
      onChange({ mediaUrl: out.url });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <Dropdown
        data-testid={`${testId}-type`}
        value={mediaType}
        options={types.map((v) => ({ value: v, label: t(`media.${v}`) }))}
        onChange={(e) => onChange({ mediaType: e.value, mediaUrl: e.value === 'text' ? '' : mediaUrl })}
      />
      {mediaType !== 'text' && (
        <>
          <input
            ref={input}
            data-testid={`${testId}-file`}
            type="file"
            hidden
            accept="image/*,video/*,audio/*"
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
          <Button
            type="button"
            size="small"
            icon="pi pi-upload"
            loading={busy}
            label={t('lib.upload')}
            onClick={() => input.current?.click()}
          />
          {mediaUrl && <i className="pi pi-check" data-testid={`${testId}-uploaded`} />}
        </>
      )}
      {error && <small className="p-error">{error}</small>}
    </span>
  );
}
