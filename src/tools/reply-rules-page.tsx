import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  replyRuleInputSchema,
  replyRuleListEndpoint,
  type ReplyRule,
} from '../../contract/endpoints/reply-rule.endpoints';
import { countSegments } from '../../contract/segments';
import { REPLY_RULE_AGGREGATE } from '../../sync/commands/reply-rule-commands';
import { runCommand } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import type { FieldDefinition } from '../forms/field-definition';
import { FormDialog } from '../forms/form-dialog';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';
import { useSession } from '../session/use-session';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { OptOutSettingsButton } from './opt-out-settings-panel';

// The enterprise admin's reply keyword rules: the opt-out and opt-in keywords first, as the built-in rules they are
// (changed in the opt-out settings, opened here as on the blacklist screen), then the enterprise's own rules, each
// added and changed in a dialog and removed after a question. What an automatic answer costs is shown per message, as
// the admin's account is charged for one to a mainland mobile. Every text a rule holds is shown as text.

interface Row {
  key: string;
  keyword: string;
  kind: 'optOut' | 'optIn' | 'custom';
  rule: ReplyRule | null;
}

const FIELDS: FieldDefinition[] = [
  { name: 'keyword', label: 'replyRules.keyword', autoFocus: true },
  { name: 'answer', label: 'replyRules.answer', kind: 'textarea', rows: 3 },
  { name: 'forwardUrl', label: 'replyRules.forwardUrl', placeholder: 'replyRules.forwardUrlHint' },
  { name: 'tag', label: 'replyRules.tag' },
];

/** What one answer costs to a mainland mobile: its segments at the account's price, or null (no answer, no price). */
function answerCost(answer: string, segmentPrice: number | null): { segments: number; cost: number } | null {
  if (answer.trim() === '' || segmentPrice === null) return null;
  const segments = Math.max(1, countSegments(answer.trim()).segments);
  return { segments, cost: segments * segmentPrice };
}

/** yuan to the price list's 1/10,000: an SMS costs a few fen, which two decimals would round away */
const yuan = (n: number) =>
  new Intl.NumberFormat(getLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(n);

function CostText({ answer, segmentPrice, testId }: { answer: string; segmentPrice: number | null; testId?: string }) {
  const { t } = useTranslation();
  const c = answerCost(answer, segmentPrice);
  if (!c) return answer.trim() !== '' ? <span data-testid={testId}>{t('replyRules.noPrice')}</span> : null;
  return <span data-testid={testId}>{t('replyRules.costOf', { cost: yuan(c.cost), segments: c.segments })}</span>;
}

/** The dialog's form over a rule (null: a new one): exported for its render test. */
export function RuleForm({
  rule,
  segmentPrice,
  onDone,
}: {
  rule: ReplyRule | null;
  segmentPrice: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm(
    {
      schema: replyRuleInputSchema,
      values: {
        keyword: rule?.keyword ?? '',
        answer: rule?.answer ?? '',
        forwardUrl: rule?.forwardUrl ?? '',
        tag: rule?.tag ?? '',
      },
      sends: 'parsed',
      rejectionAtField: true,
    },
    (parsed) => runCommand('replyRule.save', REPLY_RULE_AGGREGATE, rule ? { ...parsed, id: rule.id } : parsed),
    () => {
      notify({ severity: 'success', summary: messageText('replyRule.saved') });
      onDone();
    },
  );
  const fields = useMemo(
    () =>
      FIELDS.map((f) =>
        f.name === 'answer'
          ? {
              ...f,
              note: (
                <CostText
                  answer={String(form.values.answer ?? '')}
                  segmentPrice={segmentPrice}
                  testId="reply-rule-cost"
                />
              ),
            }
          : f,
      ),
    [form.values.answer, segmentPrice],
  );
  return (
    <form
      data-testid="reply-rule-form"
      style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 420 }}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <small>{t('replyRules.formHint')}</small>
      <FormFields form={form} fields={fields} testId="reply-rule" />
      {form.failure && (
        <small className="p-error" role="alert" data-testid="reply-rule-failure">
          {messageText(form.failure)}
        </small>
      )}
      <Button
        type="submit"
        data-testid="reply-rule-save"
        icon="pi pi-check"
        label={t('replyRules.save')}
        loading={form.busy}
      />
    </form>
  );
}

function RulesTable() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const { data, failure } = usePlatformRead(replyRuleListEndpoint, {}, { refresh: version });
  const [editing, setEditing] = useState<{ rule: ReplyRule | null } | null>(null);
  const rows = useMemo<Row[]>(
    () =>
      data
        ? [
            ...data.optOutWords.map((w) => ({ key: `optOut:${w}`, keyword: w, kind: 'optOut' as const, rule: null })),
            ...data.optInWords.map((w) => ({ key: `optIn:${w}`, keyword: w, kind: 'optIn' as const, rule: null })),
            ...data.rules.map((r) => ({ key: r.id, keyword: r.keyword, kind: 'custom' as const, rule: r })),
          ]
        : [],
    [data],
  );
  const close = () => {
    setEditing(null);
    setVersion((v) => v + 1);
  };
  const remove = (rule: ReplyRule) =>
    confirmDialog({
      header: t('replyRules.delete'),
      message: t('replyRules.deleteQuestion', { keyword: rule.keyword }),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('replyRules.delete'),
      rejectLabel: t('common.cancel'),
      defaultFocus: 'reject',
      accept: () => {
        runCommand('replyRule.delete', REPLY_RULE_AGGREGATE, { id: rule.id, keyword: rule.keyword })
          .then(() => notify({ severity: 'success', summary: messageText('replyRule.deleted') }))
          .catch((e: Error) => notify({ severity: 'error', summary: messageText(e.message) }))
          .finally(() => setVersion((v) => v + 1));
      },
    });
  const segmentPrice = data?.segmentPrice ?? null;
  const text = (field: 'answer' | 'forwardUrl' | 'tag') => (r: Row) => r.rule?.[field] ?? '';
  return (
    <section data-testid="reply-rules-page" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <p style={{ margin: 0 }}>{t('replyRules.intro')}</p>
      {failure}
      <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Button
          icon="pi pi-plus"
          data-testid="reply-rule-add"
          label={t('replyRules.add')}
          onClick={() => setEditing({ rule: null })}
        />
        <OptOutSettingsButton onSaved={() => setVersion((v) => v + 1)} />
      </span>
      <DataTable
        value={rows}
        dataKey="key"
        size="small"
        pt={{ table: { 'aria-label': t('replyRules.title') } }}
        emptyMessage={t('replyRules.empty')}
        data-testid="reply-rules"
      >
        <Column
          field="keyword"
          header={t('replyRules.keyword')}
          body={(r: Row) => <span data-testid="reply-rule-keyword">{r.keyword}</span>}
        />
        <Column header={t('replyRules.kind')} body={(r: Row) => t(`replyRules.kinds.${r.kind}`)} />
        <Column header={t('replyRules.answer')} body={text('answer')} />
        <Column
          header={t('replyRules.cost')}
          body={(r: Row) => (r.rule ? <CostText answer={r.rule.answer} segmentPrice={segmentPrice} /> : null)}
        />
        <Column header={t('replyRules.forwardUrl')} body={text('forwardUrl')} />
        <Column header={t('replyRules.tag')} body={text('tag')} />
        <Column
          header={t('replyRules.actions')}
          body={(r: Row) =>
            r.rule ? (
              <span style={{ display: 'inline-flex', gap: 4 }}>
                <Button
                  size="small"
                  text
                  icon="pi pi-pencil"
                  aria-label={t('replyRules.editOf', { keyword: r.keyword })}
                  data-testid="reply-rule-edit"
                  onClick={() => setEditing({ rule: r.rule })}
                />
                <Button
                  size="small"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={t('replyRules.deleteOf', { keyword: r.keyword })}
                  data-testid="reply-rule-delete"
                  onClick={() => r.rule && remove(r.rule)}
                />
              </span>
            ) : (
              <small>{t('replyRules.builtIn')}</small>
            )
          }
        />
      </DataTable>
      <FormDialog
        header={t(editing?.rule ? 'replyRules.edit' : 'replyRules.add')}
        visible={editing !== null}
        onHide={() => setEditing(null)}
      >
        {editing && <RuleForm rule={editing.rule} segmentPrice={segmentPrice} onDone={close} />}
      </FormDialog>
    </section>
  );
}

/** The reply rules screen: the enterprise admin's alone (the platform refuses everyone else's changes, and the menu
 * shows it to no one else); anyone else who opens its address is told so. */
export function ReplyRulesPage() {
  const authUser = useSession().userInfo?.authUser;
  if (authUser?.userType !== 1)
    return <Message severity="info" text={messageText('replyRule.adminOnly')} data-testid="reply-rules-admin-only" />;
  return <RulesTable />;
}
