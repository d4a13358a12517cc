import { useTranslation } from 'react-i18next';
import { InfoList } from '../../ui/info-list';
import { useParams } from 'wouter';
import { PersonalInfoExtra } from '../../accounts/personal-info-extra';
import { formatDateTime, formatMoney } from '../../ui/format';
import { getLanguage } from '../../ui/language';
import { useSession } from '../../session/use-session';

// The small fixed pages: personal info, embedded page, "coming soon" for a menu entry without a screen.

export function InfoPage() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const lang = getLanguage();
  const u = userInfo?.authUser;
  const rows: [string, string][] = u
    ? [
        [t('info.name'), userInfo!.name],
        [t('info.account'), u.userName],
        [t('info.mobile'), u.mobile],
        [t('info.userType'), t(`info.userTypes.${u.userType}`, { defaultValue: String(u.userType) })],
        [t('info.balance'), formatMoney(u.balance, lang)],
        [t('info.lastLogin'), u.lastLoginTime ? formatDateTime(u.lastLoginTime, lang) : t('dashboard.never')],
        [t('info.roles'), userInfo!.roles.join(', ')],
      ]
    : [];
  return (
    <section className="page-card" aria-labelledby="info-title">
      <h1 id="info-title">{t('page.info')}</h1>
      <InfoList rows={rows} />
      <PersonalInfoExtra />
    </section>
  );
}

export function ComingSoonPage({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  return (
    <section className="page-card coming-soon" aria-labelledby="coming-soon-title">
      <i className="pi pi-hammer" aria-hidden="true" />
      <h1 id="coming-soon-title">{t('page.comingSoon', { name: t(title) })}</h1>
      <p>{t('page.comingSoonDetail', { path })}</p>
    </section>
  );
}

/** /myiframe/{routerPath}: the embedded page's address is the rest of the path (http(s) only), sandboxed. */
export function IframePage() {
  const { t } = useTranslation();
  const params = useParams<{ '*': string }>();
  const raw = decodeURIComponent(params['*'] ?? '');
  const src = /^https?:\/\//i.test(raw) ? raw : /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(raw) ? `https://${raw}` : null;
  if (!src)
    return (
      <section className="page-card">
        <h1>{t('page.iframe')}</h1>
        <p>{t('page.iframeMissing')}</p>
      </section>
    );
  return (
    <iframe
      className="embedded-page"
      src={src}
      title={t('page.iframeTitle', { src })}
      sandbox="allow-scripts allow-forms allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}
