import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Panel } from 'primereact/panel';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoList } from '../ui/info-list';
import { ulid } from 'ulid';
import {
  getOperatorPatternsEndpoint,
  modifyMobileEndpoint,
  modifyPasswordEndpoint,
  sendMobileCodeEndpoint,
} from '../../contract/endpoints/account.endpoints';
import { getCusBneWarnInfoEndpoint } from '../../contract/endpoints/warn.endpoints';
import { balanceWarningFormSchema } from '../../contract/validation/balance-warning.rules';
import {
  certificationFormSchema,
  modifyCusNameFormSchema,
  modifyPasswordFormSchema,
  pushUrlFormSchema,
} from '../../contract/validation/personal-settings.rules';
import { useSession } from '../session/use-session';
import { usePlatformRead } from '../data/use-platform-read';
import { runAccountCommand } from './account-actions';
import { callOnline, read } from '../data/platform-actions';
import { messageText } from '../forms/message-text';
import { AccountForm } from './account-form';
import { AppSecretPanel } from './app-secret-panel';
import { BalanceWarningNotice } from './balance-warning-notice';
import { mobileForm, mobileFormFields } from './mobile-form';

// Personal settings: one panel per setting, each a form checked against the contract's rules.

const passwordForm = {
  schema: modifyPasswordFormSchema,
  values: { oldPassword: '', newPassword: '', confirmPassword: '' },
};
const certForm = { schema: certificationFormSchema, values: { cardName: '', cardNumber: '', phone: '' } };
const nameForm = { schema: modifyCusNameFormSchema, values: { cus_name: '' } };
const pushForm = { schema: pushUrlFormSchema, values: { reportUrl: '', moUrl: '' } };

function MobilePanel() {
  const [uuid] = useState(() => ulid());
  const form = useMemo(() => mobileForm(uuid), [uuid]);
  const fields = useMemo(
    () => mobileFormFields((values) => <SendMobileCode mobile={String(values.mobile ?? '')} uuid={uuid} />),
    [uuid],
  );
  return (
    <AccountForm
      form={form}
      fields={fields}
      testId="mobile"
      submitLabel="account.save"
      submit={(v) => callOnline(modifyMobileEndpoint, v)}
    />
  );
}

/** Sends the code to the number typed beside it, then counts down to the next resend. */
function SendMobileCode({ mobile, uuid }: { mobile: string; uuid: string }) {
  const { t } = useTranslation();
  const [wait, setWait] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);
  const sendCode = async () => {
    setError('');
    try {
      const r = await read(sendMobileCodeEndpoint, { mobile, uuid });
      setWait(r.resendAfterS);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <Button
        type="button"
        data-testid="mobile-send-code"
        label={wait > 0 ? t('account.resendIn', { s: wait }) : t('account.sendCode')}
        disabled={wait > 0 || !mobile}
        onClick={() => void sendCode()}
      />
      {error && (
        <small className="p-error" role="alert" style={{ alignSelf: 'center' }}>
          {messageText(error)}
        </small>
      )}
    </>
  );
}

function WarningPanel({ cusId }: { cusId: string }) {
  const { t } = useTranslation();
  const { data: w, failure } = usePlatformRead(getCusBneWarnInfoEndpoint, {});
  const form = useMemo(
    () =>
      w
        ? {
            schema: balanceWarningFormSchema,
            values: { enabled: w.enabled, warnBalance: String(w.warnBalance), warnMobiles: w.warnMobiles.join('\n') },
          }
        : null,
    [w],
  );
  if (!form) return failure;
  // a later fall below the threshold sends one warning SMS to these numbers
  return (
    <AccountForm
      form={form}
      fields={[
        {
          name: 'enabled',
          label: 'account.warnEnabled',
          kind: 'select',
          options: [
            { value: true, label: t('account.on') },
            { value: false, label: t('account.off') },
          ],
        },
        { name: 'warnBalance', label: 'account.warnBalance' },
        { name: 'warnMobiles', label: 'account.warnMobiles', kind: 'textarea' },
      ]}
      testId="warning"
      submitLabel="account.save"
      submit={(v: Record<string, unknown>) => runAccountCommand('warn.modify', cusId, { ...v, cus_id: cusId })}
    />
  );
}

function OperatorPatterns() {
  const { data: rows, failure } = usePlatformRead(getOperatorPatternsEndpoint, {});
  return failure ?? <InfoList rows={(rows ?? []).map((r) => [r.label, r.prefixes.join(' ')])} />;
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const cusId = userInfo?.authUser.cus_id ?? '';
  const confirmPush = (go: () => void) =>
    confirmDialog({ message: t('account.confirmPush'), header: t('account.confirmTitle'), accept: go });
  return (
    <section className="page-card" data-testid="settings" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <BalanceWarningNotice />
      <Panel header={t('account.modifyPassword')} toggleable>
        <AccountForm
          form={passwordForm}
          fields={[
            { name: 'oldPassword', label: 'account.oldPassword', kind: 'password' },
            { name: 'newPassword', label: 'account.newPassword', kind: 'password' },
            { name: 'confirmPassword', label: 'account.confirmPassword', kind: 'password' },
          ]}
          testId="password"
          submitLabel="account.save"
          submit={(v) => callOnline(modifyPasswordEndpoint, v)}
        />
      </Panel>
      <Panel header={t('account.certification')} toggleable collapsed>
        <AccountForm
          form={certForm}
          fields={[
            { name: 'cardName', label: 'account.cardName' },
            { name: 'cardNumber', label: 'account.cardNumber' },
            { name: 'phone', label: 'account.phone' },
          ]}
          testId="certification"
          submitLabel="account.save"
          submit={(v: Record<string, unknown>) => runAccountCommand('settings.certification', cusId, v)}
        />
      </Panel>
      <Panel header={t('account.modifyMobile')} toggleable collapsed>
        <MobilePanel />
      </Panel>
      <Panel header={t('account.modifyCusName')} toggleable collapsed>
        <AccountForm
          form={nameForm}
          fields={[{ name: 'cus_name', label: 'account.cusName' }]}
          testId="cus-name"
          submitLabel="account.save"
          submit={(v: Record<string, unknown>) => runAccountCommand('settings.cusName', cusId, v)}
        />
      </Panel>
      <Panel header={t('account.pushUrls')} toggleable collapsed>
        <AccountForm
          form={pushForm}
          fields={[
            { name: 'reportUrl', label: 'account.reportUrl' },
            { name: 'moUrl', label: 'account.moUrl' },
          ]}
          testId="push-url"
          submitLabel="account.save"
          confirm={confirmPush}
          submit={(v: Record<string, unknown>) => runAccountCommand('settings.pushUrl', cusId, v)}
        />
      </Panel>
      <Panel header={t('account.appSecret')} toggleable collapsed>
        <AppSecretPanel />
      </Panel>
      <Panel header={t('account.balanceWarning')} toggleable collapsed>
        <WarningPanel cusId={cusId} />
      </Panel>
      <Panel header={t('account.operatorPatterns')} toggleable collapsed>
        <OperatorPatterns />
      </Panel>
    </section>
  );
}
