import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../contract/constants';
import {
  getClientWebSiteBeianEndpoint,
  getSiteLogoEndpoint,
  type SiteSettings,
} from '../../../contract/endpoints/setting.endpoints';
import { mobileSchema } from '../../../contract/validation/mobile.rules';
import {
  accountSchema,
  captchaSchema,
  loginPasswordSchema,
  smsCodeSchema,
} from '../../../contract/validation/login.rules';
import { api } from '../../session/api';
import { getLanguage, switchLanguage } from '../../ui/language';
import { preloadConsole } from '../load-console';
import { notify } from '../../ui/notify';
import { sessionActor } from '../session-actor';
import { CaptchaField, check, describedBy, Field, SmsCodeButton, type Errors } from './login-fields';

// /login, driven by the site settings: client name, logo, filing text, language switch.
// Password login with captcha, SMS-code login with a 60 s resend countdown, enterprise registration.

function PasswordLogin() {
  const { t } = useTranslation();
  const [v, setV] = useState({ username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const captcha = useSelector(sessionActor, (s) => s.context.captcha);
  // asked only where the platform asks: everywhere (CAPTCHA on), or after it refused a login for want of one
  const captchaAsked = useSelector(sessionActor, (s) => !!s.context.captcha?.required || s.context.captchaAsked);
  const busy = useSelector(
    sessionActor,
    (s) => s.matches({ session: 'loggingIn' }) || s.matches({ session: 'loadingUser' }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = check(
      { username: accountSchema, password: loginPasswordSchema, ...(captchaAsked ? { code: captchaSchema } : {}) },
      v,
    );
    setErrors(errs);
    if (Object.keys(errs).length) return;
    sessionActor.send({ type: 'session.login', ...v, redomStr: captcha?.redomStr ?? '' });
  };
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  return (
    <form onSubmit={submit} noValidate aria-label={t('login.tabPassword')}>
      <Field id="login-username" label={t('login.username')} error={errors.username}>
        <InputText
          id="login-username"
          value={v.username}
          onChange={set('username')}
          autoComplete="username"
          invalid={!!errors.username}
          aria-describedby={describedBy('login-username', errors, 'username')}
        />
      </Field>
      <Field id="login-password" label={t('login.password')} error={errors.password}>
        <Password
          inputId="login-password"
          value={v.password}
          onChange={set('password')}
          feedback={false}
          toggleMask
          autoComplete="current-password"
          invalid={!!errors.password}
          aria-describedby={describedBy('login-password', errors, 'password')}
        />
      </Field>
      {captchaAsked && <CaptchaField id="login-code" value={v.code} onChange={set('code')} errors={errors} />}
      <Button type="submit" label={t('login.submit')} loading={busy} className="login-submit" />
    </form>
  );
}

function SmsLogin() {
  const { t } = useTranslation();
  const [uuid] = useState(() => crypto.randomUUID());
  const [v, setV] = useState({ username: '', phone: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const busy = useSelector(
    sessionActor,
    (s) => s.matches({ session: 'loggingInBySms' }) || s.matches({ session: 'loadingUser' }),
  );
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const send = () => {
    const errs = check({ username: accountSchema, phone: mobileSchema }, v);
    setErrors(errs);
    if (Object.keys(errs).length) return false;
    sessionActor.send({ type: 'session.sms.send', kind: 'login', account: v.username, phone: v.phone, uuid });
    return true;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = check({ username: accountSchema, code: smsCodeSchema }, v);
    setErrors(errs);
    if (!Object.keys(errs).length)
      sessionActor.send({ type: 'session.loginSms', username: v.username, uuid, code: v.code });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('login.tabSms')}>
      <Field id="sms-username" label={t('login.username')} error={errors.username}>
        <InputText
          id="sms-username"
          value={v.username}
          onChange={set('username')}
          autoComplete="username"
          invalid={!!errors.username}
        />
      </Field>
      <Field id="sms-phone" label={t('login.phone')} error={errors.phone}>
        <InputText
          id="sms-phone"
          value={v.phone}
          onChange={set('phone')}
          inputMode="numeric"
          maxLength={11}
          invalid={!!errors.phone}
        />
      </Field>
      <Field id="sms-code" label={t('login.smsCode')} error={errors.code}>
        <div className="login-captcha">
          <InputText
            id="sms-code"
            value={v.code}
            onChange={set('code')}
            inputMode="numeric"
            maxLength={6}
            invalid={!!errors.code}
          />
          <SmsCodeButton onSend={send} />
        </div>
      </Field>
      <Button type="submit" label={t('login.submit')} loading={busy} className="login-submit" />
    </form>
  );
}

function Register({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [uuid] = useState(() => crypto.randomUUID());
  const [v, setV] = useState({ epId: '', epName: '', password: '', phone: '', code: '' });
  // the captcha's answer, asked before a code is sent: each code is a real SMS
  const [captchaCode, setCaptchaCode] = useState('');
  const captcha = useSelector(sessionActor, (s) => s.context.captcha);
  const [errors, setErrors] = useState<Errors>({});
  const [captchaErrors, setCaptchaErrors] = useState<Errors>({});
  const busy = useSelector(sessionActor, (s) => s.matches({ session: 'registering' }));
  const registered = useSelector(sessionActor, (s) => s.context.registered);
  useEffect(() => {
    if (!registered) return;
    notify({ severity: 'success', summary: t('login.registered') });
    onDone();
  }, [registered, onDone, t]);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const send = () => {
    const errs = check(
      { epId: accountSchema, phone: mobileSchema, captcha: captchaSchema },
      { ...v, captcha: captchaCode },
    );
    // the captcha's message shows under its own field, whose errors are keyed 'code'
    const { captcha: captchaError, ...rest } = errs;
    setErrors(rest);
    setCaptchaErrors(captchaError ? { code: captchaError } : {});
    if (Object.keys(errs).length) return false;
    sessionActor.send({
      type: 'session.sms.send',
      kind: 'register',
      account: v.epId,
      phone: v.phone,
      uuid,
      captcha: { code: captchaCode, redomStr: captcha?.redomStr ?? '' },
    });
    // used up by this request, right or wrong: the next send needs the next image's answer
    setCaptchaCode('');
    return true;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = check(
      {
        epId: accountSchema,
        epName: accountSchema,
        password: loginPasswordSchema,
        phone: mobileSchema,
        code: smsCodeSchema,
      },
      v,
    );
    if (errs.epName) errs.epName = t('login.epNameRequired');
    setErrors(errs);
    if (!Object.keys(errs).length) sessionActor.send({ type: 'session.register', ...v, uuid });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('login.tabRegister')}>
      <Field id="reg-epid" label={t('login.epId')} error={errors.epId}>
        <InputText id="reg-epid" value={v.epId} onChange={set('epId')} invalid={!!errors.epId} />
      </Field>
      <Field id="reg-epname" label={t('login.epName')} error={errors.epName}>
        <InputText id="reg-epname" value={v.epName} onChange={set('epName')} invalid={!!errors.epName} />
      </Field>
      <Field id="reg-password" label={t('login.password')} error={errors.password}>
        <Password
          inputId="reg-password"
          value={v.password}
          onChange={set('password')}
          feedback={false}
          toggleMask
          autoComplete="new-password"
          invalid={!!errors.password}
        />
      </Field>
      <Field id="reg-phone" label={t('login.phone')} error={errors.phone}>
        <InputText
          id="reg-phone"
          value={v.phone}
          onChange={set('phone')}
          inputMode="numeric"
          maxLength={11}
          invalid={!!errors.phone}
        />
      </Field>
      <CaptchaField
        id="reg-captcha"
        value={captchaCode}
        onChange={(e) => setCaptchaCode(e.target.value)}
        errors={captchaErrors}
      />
      <Field id="reg-code" label={t('login.smsCode')} error={errors.code}>
        <div className="login-captcha">
          <InputText
            id="reg-code"
            value={v.code}
            onChange={set('code')}
            inputMode="numeric"
            maxLength={6}
            invalid={!!errors.code}
          />
          <SmsCodeButton onSend={send} />
        </div>
      </Field>
      <Button type="submit" label={t('login.register')} loading={busy} className="login-submit" />
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const [site, setSite] = useState<SiteSettings | null>(null);
  const [logo, setLogo] = useState<string | null>(null);
  const [tab, setTab] = useState(0);
  const error = useSelector(sessionActor, (s) => s.context.error);
  const smsError = useSelector(sessionActor, (s) => s.context.smsError);
  useEffect(() => {
    api.call(getClientWebSiteBeianEndpoint, {}, { silent: true }).then(setSite, () => {});
    api.call(getSiteLogoEndpoint, {}, { silent: true }).then(
      (l) => l.logo && setLogo(`data:image/${l.logoType};base64,${l.logo}`),
      () => {},
    );
  }, []);
  const title = site?.client_name || t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const lang = getLanguage();
  return (
    <div className="login-page" onInput={preloadConsole}>
      <header className="login-header">
        {logo && <img className="login-logo" src={logo} alt="" />}
        <span className="login-client">{title}</span>
        {site?.show_language && (
          <Dropdown
            className="login-language"
            aria-label={t('login.language')}
            value={lang}
            options={LANGUAGES.map((l) => ({ label: t(`language.${l}`), value: l }))}
            onChange={(e) => switchLanguage(e.value)}
          />
        )}
      </header>
      <main className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        {error && <Message severity="error" text={error} role="alert" className="login-message" />}
        {smsError && <Message severity="warn" text={smsError} role="alert" className="login-message" />}
        <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
          <TabPanel header={t('login.tabPassword')}>
            <PasswordLogin />
          </TabPanel>
          <TabPanel header={t('login.tabSms')}>
            <SmsLogin />
          </TabPanel>
          <TabPanel header={t('login.tabRegister')}>
            <Register onDone={() => setTab(0)} />
          </TabPanel>
        </TabView>
      </main>
      <footer className="login-footer">{site?.client_website_beian}</footer>
    </div>
  );
}
