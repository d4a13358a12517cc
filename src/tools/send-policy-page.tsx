import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListEndpoint } from '../../contract/endpoints/customer.endpoints';
import {
  CONTENT_CATEGORIES,
  sendPolicyGetEndpoint,
  type SendPolicy,
} from '../../contract/endpoints/send-policy.endpoints';
import type { FormValues } from '../../machines/form.machine';
import { SEND_POLICY_AGGREGATE } from '../../sync/commands/send-policy-commands';
import { runCommand } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import type { FieldDefinition, FieldOption } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm, type Form } from '../forms/use-form';
import { useSession } from '../session/use-session';
import { displayTimeZone } from '../ui/format';
import { DAILY_CAPS, DailyCapsTable } from './daily-caps-table';
import { policyFormInput, strayErrors } from './send-policy-values';
import { notify } from '../ui/notify';
import './send-policy.css';

// The enterprise admin's send policy: per-number caps per category, the duplicate window, daily caps per account,
// marketing quiet hours and the opt-out text marketing must carry. Read from the platform, checked against the
// contract's bounds as typed, saved through the outbox like the opt-out settings; a refused save keeps every value
// typed and tells the platform's reason.

const PERIODS = ['perMinute', 'perHour', 'perDay'] as const;
/** the inputs' test ids: the policy path with dashes (`policy-caps-verification-perMinute`). */
const testIdOf = (name: string) => `policy-${name.replace(/\./g, '-')}`;
const errorTestId = (name: string) => `${testIdOf(name)}-error`;

/** Says what a 0 means beside the number that holds it ("no cap", "off"). */
const zeroMeans = (name: string, text: string) => (v: FormValues) =>
  v[name] === 0 ? (
    <small style={{ alignSelf: 'center' }} data-testid={`${testIdOf(name)}-zero`}>
      {text}
    </small>
  ) : null;

function fieldsIn(t: (key: string) => string) {
  const number = (name: string, label: string, zero: string): FieldDefinition => ({
    name,
    label,
    kind: 'number',
    testId: testIdOf(name),
    addon: zeroMeans(name, t(zero)),
  });
  const text = (name: string, label: string, kind?: FieldDefinition['kind']): FieldDefinition => ({
    name,
    label,
    kind,
    testId: testIdOf(name),
  });
  return {
    caps: Object.fromEntries(
      CONTENT_CATEGORIES.map((c) => [c, PERIODS.map((p) => number(`caps.${c}.${p}`, `policy.${p}`, 'policy.noCap'))]),
    ) as Record<(typeof CONTENT_CATEGORIES)[number], FieldDefinition[]>,
    duplicate: [number('duplicateWindowS', 'policy.duplicateWindowS', 'policy.off')],
    daily: [number('dailyCap', 'policy.dailyCap', 'policy.noCap')],
    quiet: [
      text('quietHours.enabled', 'policy.quietEnabled', 'checkbox'),
      text('quietHours.from', 'policy.quietFrom'),
      text('quietHours.to', 'policy.quietTo'),
      {
        ...text('quietHours.action', 'policy.quietAction', 'select'),
        options: [
          { value: 'hold', label: t('policy.hold') },
          { value: 'refuse', label: t('policy.refuse') },
        ],
      },
    ],
    optOut: [
      {
        ...text('marketingOptOut.mode', 'policy.optOutMode', 'select'),
        options: [
          { value: 'append', label: t('policy.append') },
          { value: 'refuse', label: t('policy.refuseSend') },
          { value: 'off', label: t('policy.modeOff') },
        ],
      },
      text('marketingOptOut.textZh', 'policy.textZh'),
      text('marketingOptOut.textEn', 'policy.textEn'),
    ],
  };
}

const box: React.CSSProperties = {
  border: '1px solid var(--surface-border, #dee2e6)',
  borderRadius: 6,
  padding: '8px 12px',
  margin: 0,
};

/** A group of the form: its legend, and a hint the group's inputs are described by. */
function Section({
  legend,
  hint,
  children,
  testId,
}: {
  legend: string;
  hint?: string;
  children: ReactNode;
  testId: string;
}) {
  const hintId = useId();
  return (
    <fieldset style={box} aria-describedby={hint ? hintId : undefined} data-testid={testId}>
      <legend style={{ fontWeight: 600, padding: '0 4px' }}>{legend}</legend>
      {hint && (
        <p id={hintId} style={{ margin: '0 0 8px' }}>
          <small>{hint}</small>
        </p>
      )}
      {children}
    </fieldset>
  );
}

function Fields({ form, fields }: { form: Form; fields: FieldDefinition[] }) {
  return <FormFields form={form} fields={fields} testId="policy" errorTestId={errorTestId} />;
}

/** The form over a policy read: exported for its render test. */
export function SendPolicyForm({ policy, accounts }: { policy: SendPolicy; accounts: FieldOption[] }) {
  const { t } = useTranslation();
  const form = useForm(
    policyFormInput(policy),
    (parsed) => runCommand('sendPolicy.modify', SEND_POLICY_AGGREGATE, parsed),
    () => notify({ severity: 'success', summary: messageText('policy.saved') }),
  );
  const fields = useMemo(() => fieldsIn(t), [t]);
  const shown = useMemo(
    () =>
      [
        ...Object.values(fields.caps).flat(),
        ...fields.duplicate,
        ...fields.daily,
        ...fields.quiet,
        ...fields.optOut,
      ].map((f) => f.name),
    [fields],
  );
  const stray = strayErrors(form.errors, shown, [DAILY_CAPS]);
  const dailyCap = form.values.dailyCap;
  return (
    <form
      data-testid="send-policy"
      className="send-policy"
      style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 880 }}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <p style={{ margin: 0 }}>{t('policy.intro')}</p>
      <Section legend={t('policy.caps')} hint={t('policy.capsHint')} testId="policy-caps">
        {CONTENT_CATEGORIES.map((c) => (
          <fieldset key={c} style={{ ...box, marginBottom: 8 }} data-testid={`policy-caps-${c}`}>
            <legend style={{ padding: '0 4px' }}>{t(`policy.category.${c}`)}</legend>
            <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              <FormFields form={form} fields={fields.caps[c]} testId="policy" errorTestId={errorTestId} inline />
            </div>
          </fieldset>
        ))}
      </Section>
      <Section legend={t('policy.duplicate')} testId="policy-duplicate">
        <Fields form={form} fields={fields.duplicate} />
      </Section>
      <Section legend={t('policy.daily')} hint={t('policy.dailyHint')} testId="policy-daily">
        <Fields form={form} fields={fields.daily} />
        <DailyCapsTable form={form} accounts={accounts} newCap={typeof dailyCap === 'number' ? dailyCap : 0} />
      </Section>
      <Section
        legend={t('policy.quiet')}
        hint={t('policy.quietZone', { zone: displayTimeZone() })}
        testId="policy-quiet"
      >
        <Fields form={form} fields={fields.quiet} />
      </Section>
      <Section legend={t('policy.optOut')} testId="policy-opt-out">
        <Fields form={form} fields={fields.optOut} />
      </Section>
      <div role="alert" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {stray.map((m) => (
          <small key={m} className="p-error" data-testid="policy-error">
            {messageText(m)}
          </small>
        ))}
        {form.failure && (
          <small className="p-error" data-testid="policy-failure">
            {messageText(form.failure)}
          </small>
        )}
      </div>
      <span>
        <Button
          type="submit"
          data-testid="policy-save"
          icon="pi pi-check"
          label={t('policy.save')}
          loading={form.busy}
        />
      </span>
    </form>
  );
}

/** The enterprise's accounts a daily cap may name: the admin's own, then its sub-accounts as the sub-account screen
 * lists them. */
function useAccounts(own: string): FieldOption[] {
  const { data } = usePlatformRead(customerListEndpoint, { pageNumber: 1, pageSize: 1000 });
  return useMemo(
    () => [
      { value: own, label: own },
      ...(data?.data ?? [])
        .filter((a) => a.cus_id !== own)
        .map((a) => ({ value: a.cus_id, label: `${a.cus_name} (${a.cus_id})` })),
    ],
    [data, own],
  );
}

function PolicyLoader({ own }: { own: string }) {
  const { t } = useTranslation();
  const { data, failure } = usePlatformRead(sendPolicyGetEndpoint, {});
  const accounts = useAccounts(own);
  // the form takes its first values once: it opens when the policy has been read
  if (!data) return failure || <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('policy.loading')} />;
  return <SendPolicyForm policy={data} accounts={accounts} />;
}

/** The send policy screen: the enterprise admin's alone (the platform refuses everyone else, and the menu shows it to
 * no one else); anyone else who opens its address is told so. */
export function SendPolicyPage() {
  const authUser = useSession().userInfo?.authUser;
  if (authUser?.userType !== 1)
    return <Message severity="info" text={messageText('policy.adminOnly')} data-testid="policy-admin-only" />;
  return <PolicyLoader own={authUser.cus_id} />;
}
