import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lockActor, sessionActor } from '../session-actor';

// /lock: only this page is reachable until the lock password is entered again.
export function LockPage() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const error = useSelector(lockActor, (s) => s.context.error);
  const busy = useSelector(lockActor, (s) => s.matches('unlocking'));
  const name = useSelector(sessionActor, (s) => s.context.userInfo?.name ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    lockActor.send({ type: 'lock.unlock', password });
  };
  return (
    <main className="lock-page" aria-labelledby="lock-title">
      <form className="lock-card" onSubmit={submit} noValidate>
        <i className="pi pi-lock lock-icon" aria-hidden="true" />
        <h1 id="lock-title">{t('lock.title')}</h1>
        <p>{name}</p>
        <p>{t('lock.hint')}</p>
        <label htmlFor="unlock-password">{t('lock.password')}</label>
        <Password
          inputId="unlock-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          feedback={false}
          toggleMask
          autoFocus
          invalid={!!error}
          aria-describedby={error ? 'unlock-error' : undefined}
        />
        {error && (
          <small id="unlock-error" className="p-error" role="alert">
            {t(error)}
          </small>
        )}
        <Button type="submit" label={t('lock.unlock')} icon="pi pi-lock-open" loading={busy} />
        <Button
          type="button"
          link
          label={t('lock.logout')}
          onClick={() => sessionActor.send({ type: 'session.logout' })}
        />
      </form>
    </main>
  );
}
