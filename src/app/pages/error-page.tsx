import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FIRST_TAB } from '../../../contract/constants';

// The fixed error routes /404, /403, /500 (no auth, no tab).
export function ErrorPage({ code }: { code: '404' | '403' | '500' }) {
  const { t } = useTranslation();
  return (
    <main className="error-page" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-title">{t(`error.${code}`)}</h1>
      <Link href={FIRST_TAB} className="p-button p-component">
        {t('error.back')}
      </Link>
    </main>
  );
}
