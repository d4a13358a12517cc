import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { INTEGRATOR_BASE_PATH } from '../../contract/constants';
import { copyText } from '../ui/copy-text';

// The signed HTTP API as an integrator starts with it: its base address and a shell example that signs and sends one
// message with openssl and curl. The secret stays a placeholder: it is shown only in the app secret panel.

/** The example for this account and this platform's address. */
export function signedExample(appId: string, origin: string): string {
  return [
    `APP_ID=${appId} SECRET='<app secret>' HOST=${origin}`,
    `URL_PATH=${INTEGRATOR_BASE_PATH}/sms/send`,
    `BODY='{"text":"Your code is 1234","numbers":["13800138000"],"clientRef":"order-1"}'`,
    'TS=$(date +%s) NONCE=$(openssl rand -hex 12)',
    `BODY_HASH=$(printf '%s' "$BODY" | openssl dgst -sha256 -hex | sed 's/^.* //')`,
    `SIG=$(printf 'POST\\n%s\\n\\n%s\\n%s\\n%s' "$URL_PATH" "$BODY_HASH" "$TS" "$NONCE" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -sS "$HOST$URL_PATH" -H 'Content-Type: application/json' -H "X-App-Id: $APP_ID" -H "X-Timestamp: $TS" \\`,
    `  -H "X-Nonce: $NONCE" -H "X-Signature: $SIG" -d "$BODY"`,
  ].join('\n');
}

export function HttpApiPanel({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const base = `${window.location.origin}${INTEGRATOR_BASE_PATH}`;
  const example = signedExample(appId, window.location.origin);
  return (
    <div data-testid="http-api-panel">
      <dl className="info-list">
        <div>
          <dt>{t('account.httpBase')}</dt>
          <dd data-testid="http-api-base">{base}</dd>
        </div>
      </dl>
      <p>{t('account.httpExampleHint')}</p>
      <pre data-testid="http-api-example" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {example}
      </pre>
      <Button size="small" icon="pi pi-copy" label={t('account.copyExample')} onClick={() => void copyText(example)} />
    </div>
  );
}
