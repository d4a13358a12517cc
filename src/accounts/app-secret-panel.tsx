import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAppsecretEndpoint, resetAppsecretEndpoint } from '../../contract/endpoints/account.endpoints';
import { callOnline } from '../data/platform-actions';
import { messageText } from '../forms/message-text';

/** Viewing or rotating the app secret asks for the login password again; the secret is held only while shown. */
export function AppSecretPanel() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState('');
  const run = async (rotate: boolean) => {
    setError('');
    try {
      const r = await callOnline(rotate ? resetAppsecretEndpoint : getAppsecretEndpoint, { password });
      setSecret(r.appSecret);
      setPassword('');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div data-testid="app-secret" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {secret === null ? (
        <>
          <label htmlFor="app-secret-password">{t('account.passwordAgain')}</label>
          <Password
            inputId="app-secret-password"
            data-testid="app-secret-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            feedback={false}
            toggleMask
          />
          <span style={{ display: 'flex', gap: 8 }}>
            <Button
              data-testid="app-secret-view"
              label={t('account.viewSecret')}
              disabled={!password}
              onClick={() => void run(false)}
            />
            <Button
              data-testid="app-secret-rotate"
              outlined
              severity="warning"
              label={t('account.rotateSecret')}
              disabled={!password}
              onClick={() => void run(true)}
            />
          </span>
        </>
      ) : (
        <>
          <code data-testid="app-secret-value" style={{ wordBreak: 'break-all' }}>
            {secret}
          </code>
          <Button text label={t('account.hideSecret')} onClick={() => setSecret(null)} />
        </>
      )}
      {error && <small className="p-error">{messageText(error)}</small>}
    </div>
  );
}
