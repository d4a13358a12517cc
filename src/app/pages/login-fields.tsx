import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translate } from '../../../contract/messages';
import { getLanguage } from '../../ui/language';
import { sessionActor } from '../session-actor';

// The pieces the login page's forms share: checking values against the contract's rules, a labelled field with its
// message, the captcha and the SMS-code button, both read from the session.

export type Errors = Record<string, string>;

/** the first message (catalogue key, translated) per field that fails its rule. */
export function check(rules: Record<string, z.ZodType>, values: Record<string, string>): Errors {
  const lang = getLanguage();
  return Object.fromEntries(
    Object.entries(rules).flatMap(([field, rule]) => {
      const r = rule.safeParse(values[field]);
      return r.success ? [] : [[field, translate(lang, r.error.issues[0]?.message ?? 'error.unknown')]];
    }),
  );
}

export function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="login-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error && (
        <small id={`${props.id}-error`} className="p-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}

export const describedBy = (id: string, errors: Errors, field: string) => (errors[field] ? `${id}-error` : undefined);

/** The captcha's answer beside its image (a click fetches another); one captcha serves the login and registration
 * forms, and is replaced whenever a request has used it up. */
export function CaptchaField(props: {
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const captcha = useSelector(sessionActor, (s) => s.context.captcha);
  const { id, errors } = props;
  return (
    <Field id={id} label={t('login.captcha')} error={errors.code}>
      <div className="login-captcha">
        <InputText
          id={id}
          value={props.value}
          onChange={props.onChange}
          maxLength={4}
          autoComplete="off"
          invalid={!!errors.code}
          aria-describedby={describedBy(id, errors, 'code')}
        />
        <button
          type="button"
          className="captcha-button"
          onClick={() => sessionActor.send({ type: 'session.captcha.refresh' })}
          aria-label={t('login.refreshCaptcha')}
          title={t('login.refreshCaptcha')}
        >
          {captcha ? (
            <img src={captcha.image} alt={t('login.captchaImage')} />
          ) : (
            <i className="pi pi-refresh" aria-hidden="true" />
          )}
        </button>
      </div>
    </Field>
  );
}

export function SmsCodeButton(props: { onSend: () => boolean }) {
  const { t } = useTranslation();
  const countdown = useSelector(sessionActor, (s) => s.context.smsCountdown);
  const sending = useSelector(sessionActor, (s) => s.matches({ sms: 'sending' }));
  return (
    <Button
      type="button"
      outlined
      loading={sending}
      disabled={countdown > 0}
      label={countdown > 0 ? t('login.resendIn', { seconds: countdown }) : t('login.sendCode')}
      onClick={() => props.onSend()}
    />
  );
}
