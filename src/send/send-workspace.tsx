import { useMachine } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { auditTime, startWith, switchMap } from 'rxjs';
import { fromPromise } from 'xstate';
import {
  getCspSendContentEndpoint,
  getCspTemplateEndpoint,
  getVideoTemplateEndpoint,
} from '../../contract/endpoints/template.endpoints';
import { getListEndpoint } from '../../contract/endpoints/user.endpoints';
import { useChatbots } from '../data/use-chatbots';
import { usePlatformRead } from '../data/use-platform-read';
import { translate, type MessageParams } from '../../contract/messages';
import { BLACKLIST_CHECK_MAX, blacklistCheckEndpoint } from '../../contract/endpoints/blacklist-check.endpoints';
import { accountOptions, chosenAccountId } from '../../machines/send-form';
import { blacklistedNow, CATEGORY_KINDS, SEND_KINDS, type SendDraft, type SendKind } from '../../machines/send-kinds';
import { sendMachine } from '../../machines/send.machine';
import { eventOutcome, recordEvent } from '../../sync/commands/event-log';
import { changesOf } from '../../sync/query/query';
import { sendAggregate } from '../../sync/commands/send-commands';
import { approvedTemplates } from '../../sync/query/send-library';
import { loadSendReference } from '../../sync/store/send-reference';
import { api } from '../session/api';
import { formatMoney } from '../ui/format';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { RichPreview } from '../ui/rich-preview';
import { online$, useOnline, useRuntime } from '../data/sync-runtime';
import { ContentFields } from './content-fields';
import { createNumberWorker } from './number-check-client';
import { NumberCounts } from './number-counts';
import { OneToOneMapping } from './one-to-one-mapping';
import { NumbersPanel } from './numbers-panel';
import { CategoryField } from './category-field';
import { ScheduleField } from './schedule-field';
import { SendConfirmDialog } from './send-confirm-dialog';
import { SendResultPolicy } from './send-result-policy';
import './send.css';

// One send form for every kind: the send machine configured by kind holds the form and renders from its snapshot; its
// effects are provided here (the number check, the live count and the one-to-one messages in a Web Worker, the event
// log, the outbox's outcome, toasts and the displayed balance), and the lists the form offers are read here and sent
// to it as events.

type Option = { label: string; value: string };
const RECORDS_PATH: Record<number, string> = {
  0: '/mtRecordList',
  1: '/inteMtRecordList',
  2: '/videoMtRecordList',
  6: '/cspMtRecordList',
};

export function SendWorkspace({ kind }: { kind: SendKind }) {
  const { t } = useTranslation();
  const lang = getLanguage();
  const rt = useRuntime();
  const online = useOnline();
  const cfg = SEND_KINDS[kind];
  const worker = useMemo(() => createNumberWorker(), []);
  useEffect(() => () => worker.terminate(), [worker]);
  const linkBase = `${window.location.origin}/s/`;

  // why the platform refuses each blacklisted number (its entry's source and scope), shown beside the number
  const reasons = useRef(new Map<string, string>());
  const machine = useMemo(
    () =>
      sendMachine.provide({
        actors: {
          checkNumbers: fromPromise(async ({ input }) => worker.check(input.mode, input.text, input.onProgress)),
          // stopped by a newer list: the signal cancels the count in the worker
          countNumbers: fromPromise(async ({ input, signal }) =>
            worker.check(input.mode, input.text, input.onProgress, signal),
          ),
          personalize: fromPromise(async ({ input }) =>
            worker.personalize(input.template, input.mobileColumn, input.mapping, input.skipHeader),
          ),
          recordSend: fromPromise(async ({ input }) => {
            const r = rt!;
            const payload = { body: input.body, summary: { ...input.summary, prod_type: cfg.prodType } };
            return (
              await recordEvent(r.db, {
                type: input.type,
                aggregate: sendAggregate(String(input.body.cus_id)),
                payload,
                actor: r.actor,
              })
            ).id;
          }),
          awaitOutcome: fromPromise(async ({ input }) => eventOutcome(rt!.db, input)),
          // a list longer than one request takes is asked about a request's worth at a time
          checkBlacklist: fromPromise(async ({ input }) => {
            let out: string[] = [];
            reasons.current = new Map();
            for (let i = 0; i < input.mobiles.length; i += BLACKLIST_CHECK_MAX) {
              const r = await api.call(
                blacklistCheckEndpoint,
                { cus_id: input.cus_id, mobiles: input.mobiles.slice(i, i + BLACKLIST_CHECK_MAX) },
                { silent: true },
              );
              out = out.concat(r.blacklisted);
              r.blacklisted.forEach((m, i) => reasons.current.set(m, r.reasons[i]));
            }
            return out;
          }),
        },
        actions: {
          report: (
            _,
            r: { severity: 'success' | 'info' | 'error'; summary: string; detail?: string; params?: MessageParams },
          ) =>
            notify({ severity: r.severity, summary: translate(getLanguage(), r.summary, r.params), detail: r.detail }),
        },
      }),
    [worker, rt, cfg.prodType],
  );
  const [state, send] = useMachine(machine, { input: { kind, online: online$.value, linkBase } });
  const ctx = state.context;
  const update = (patch: Partial<SendDraft>) => send({ type: 'send.update', patch });

  useEffect(() => send({ type: online ? 'send.online' : 'send.offline' }), [online, send]);

  // reference data (prices, account zones and balances) and the product line's accounts; the machine chooses the first
  useEffect(() => {
    if (!rt) return;
    void loadSendReference(rt.db, api).then((reference) => send({ type: 'send.reference', reference }));
    api.call(getListEndpoint, { prodType: cfg.prodType }, { silent: true }).then(
      (options) => send({ type: 'send.accounts', options }),
      () => send({ type: 'send.accounts', options: [] }),
    );
  }, [rt, cfg.prodType, send]);
  const { listed, reference } = ctx;
  const accounts = useMemo(() => accountOptions({ listed, reference }), [listed, reference]);
  const cusId = chosenAccountId(ctx);

  // per-kind choices: chatbots and their card templates, video templates
  const bots = useChatbots(cusId ?? '', kind === 'card', (id) => update({ chatbot_id: id }));
  // approved content templates of the account (check_status 2), to start a message from; a list that could not be
  // read says why, instead of looking empty
  useEffect(() => {
    if (!rt || !cusId || cfg.prodType !== 0) return;
    // from the local replica (works offline), re-read as the replication brings reviews in
    const sub = changesOf(rt.db, 'templates')
      .pipe(
        startWith(null),
        auditTime(200),
        switchMap(() => approvedTemplates(rt.db, cusId)),
      )
      .subscribe({
        next: (options) => send({ type: 'send.contentTemplates', options }),
        error: (e: Error) => send({ type: 'send.choiceError', message: e.message }),
      });
    return () => sub.unsubscribe();
  }, [rt, cusId, cfg.prodType, send]);
  const videos = usePlatformRead(
    getVideoTemplateEndpoint,
    { cus_id: cusId ?? '' },
    { enabled: kind === 'video' && !!cusId },
  );
  const videoTemplates = useMemo<Option[]>(
    () => (videos.data ?? []).map((x) => ({ label: x.label, value: String(x.value) })),
    [videos.data],
  );
  useEffect(() => {
    if (kind !== 'card' || !ctx.draft.chatbot_id) return;
    api.call(getCspTemplateEndpoint, { cus_id: cusId, chatbot_id: ctx.draft.chatbot_id }, { silent: true }).then(
      (o) => send({ type: 'send.cardTemplates', options: o.map((x) => ({ label: x.label, value: String(x.value) })) }),
      () => send({ type: 'send.cardTemplates', options: [] }),
    );
  }, [kind, cusId, ctx.draft.chatbot_id, send]);
  useEffect(() => {
    if (kind !== 'card' || !ctx.draft.template_id) return send({ type: 'send.card', card: null });
    api.call(getCspSendContentEndpoint, { template_id: ctx.draft.template_id }, { silent: true }).then(
      (card) => send({ type: 'send.card', card }),
      () => send({ type: 'send.card', card: null }),
    );
  }, [kind, ctx.draft.template_id, send]);

  // one-to-one: the sheet, the number column and the ${pN} mapping live in the machine, which has the worker fill
  // the messages
  const { sheet, mobileColumn, mapping, choices } = ctx;
  const largest =
    kind === 'oneToOne'
      ? (ctx.draft.contents ?? []).reduce((a, c) => (c.content.length > a.length ? c.content : a), '')
      : undefined;

  // scheduling in the account's time zone
  const zone = ctx.account?.time_zone ?? ctx.timeZone;
  const timingProblem = ctx.problem !== null && ctx.problem.startsWith('send.timing');

  const busy = state.matches('checking') || state.matches('askingBlacklist') || state.matches('recording');
  const blacklisted = blacklistedNow(ctx);
  const counting = state.matches({ editing: 'waiting' }) || state.matches({ editing: 'counting' });
  const balance = ctx.account?.balance;
  return (
    <div className="send-workspace" data-testid={`send-${kind}`}>
      <div className="send-form">
        <div className="send-field">
          <label>{t('send.account')}</label>
          <Dropdown
            data-testid="send-account"
            value={cusId}
            options={accounts}
            onChange={(e) => update({ cus_id: e.value as string })}
            placeholder={t('send.account')}
          />
          {balance !== undefined && (
            <span className="send-balance">
              {t('send.balance')}: <b data-testid="send-balance">{formatMoney(balance, lang)}</b>
            </span>
          )}
        </div>
        {choices.contentTemplates.length > 0 && (
          <Dropdown
            data-testid="send-content-template"
            value={null}
            options={choices.contentTemplates}
            placeholder={t('send.pickTemplate')}
            onChange={(e) => update({ content: e.value as string })}
            filter
          />
        )}
        {(choices.error ?? videos.error) && (
          <small className="p-error" role="alert" data-testid="send-choice-error">
            {choices.error ?? videos.error}
          </small>
        )}
        <ContentFields
          cfg={cfg}
          draft={ctx.draft}
          update={update}
          linkBase={linkBase}
          videoTemplates={videoTemplates}
          chatbots={bots.options}
          chatbotError={bots.error}
          cardTemplates={choices.cardTemplates}
          largest={largest}
        />
        {kind === 'oneToOne' && sheet && (
          <OneToOneMapping
            sheet={sheet}
            content={ctx.draft.content}
            mobileColumn={mobileColumn}
            mapping={mapping}
            onMobileColumn={(column) => send({ type: 'send.mobileColumn', column })}
            onMapping={(placeholder, column) => send({ type: 'send.mapping', placeholder, column })}
          />
        )}
        <NumbersPanel
          worker={worker}
          sources={ctx.sources}
          onSources={(sources) => send({ type: 'send.sources', sources })}
          international={cfg.numbers === 'international'}
          onSheet={kind === 'oneToOne' ? (info) => send({ type: 'send.sheet', sheet: info }) : undefined}
        >
          <NumberCounts
            check={ctx.check}
            counting={counting}
            progress={state.matches({ editing: 'counting' }) || state.matches('checking') ? ctx.progress : null}
            international={cfg.numbers === 'international'}
            onRemoveInvalid={() => send({ type: 'send.removeInvalid' })}
            blacklisted={blacklisted}
            reasons={reasons.current}
          />
        </NumbersPanel>
        {CATEGORY_KINDS.has(kind) && <CategoryField draft={ctx.draft} update={update} />}
        <ScheduleField
          draft={ctx.draft}
          update={update}
          zone={zone}
          problemId={timingProblem ? 'send-problem' : undefined}
        />
        {ctx.problem && (
          <small id="send-problem" className="p-error" role="alert" data-testid="send-problem">
            {translate(lang, ctx.problem, ctx.problemParams)}
          </small>
        )}
        {ctx.problem === 'send.unpricedCountries' && (
          <Button
            type="button"
            data-testid="send-remove-unpriced"
            size="small"
            text
            label={t('send.removeUnpriced')}
            onClick={() => send({ type: 'send.removeUnpriced' })}
          />
        )}
        <Button
          data-testid="send-submit"
          label={t('send.submit')}
          icon="pi pi-send"
          loading={busy}
          disabled={!state.matches('editing') || ctx.personalizing}
          onClick={() => send({ type: 'send.check' })}
        />
        {(state.matches('queued') || state.matches('submitting')) && (
          <p data-testid="send-status" data-status={state.value as string}>
            {t(state.matches('queued') ? 'send.queuedStatus' : 'send.submitting')}
          </p>
        )}
        {state.matches('sent') && ctx.result && (
          <div className="send-result" data-testid="send-result">
            <p>
              {t(ctx.result.time_batch ? 'send.scheduledResult' : 'send.sentResult')}:{' '}
              <b data-testid="send-batch-id">{ctx.result.batch_id}</b>
            </p>
            {ctx.result.blacklistCount > 0 && (
              <p data-testid="send-result-counts">
                {t('send.resultCounts', { valid: ctx.result.validCount, blacklist: ctx.result.blacklistCount })}
              </p>
            )}
            <SendResultPolicy result={ctx.result} zone={zone} />
            {ctx.result.time_batch ? (
              <Link href="/pageTimeBatchList" data-testid="send-records-link">
                {t('menu.pageTimeBatchList')}
              </Link>
            ) : (
              <Link
                href={`${RECORDS_PATH[cfg.prodType]}?batch_id=${ctx.result.batch_id}`}
                data-testid="send-records-link"
              >
                {t('send.viewRecords')}
              </Link>
            )}
            <Button size="small" text label={t('send.another')} onClick={() => send({ type: 'send.new' })} />
          </div>
        )}
        {state.matches('rejected') && (
          <div className="send-result" data-testid="send-rejected">
            <p className="p-error">{ctx.error}</p>
            <Button size="small" text label={t('send.backToEdit')} onClick={() => send({ type: 'send.edit' })} />
          </div>
        )}
      </div>
      {kind === 'card' && choices.card && (
        <RichPreview
          cards={choices.card.cards}
          lowType={ctx.draft.low_type ?? ''}
          smsContent={ctx.draft.content || choices.card.smsContent}
          videoTitle={choices.card.videoTitle}
          videoFrames={choices.card.videoFrames}
          readContent={choices.card.readContent}
        />
      )}
      {kind === 'video' && !ctx.draft.cus_template_id && (
        <RichPreview videoTitle={ctx.draft.title ?? ''} videoFrames={ctx.draft.frames ?? []} views={['video']} />
      )}
      <SendConfirmDialog
        visible={state.matches('confirming')}
        quote={ctx.quote}
        timing={ctx.timing}
        zone={zone}
        international={cfg.numbers === 'international'}
        blacklisted={blacklisted}
        online={online}
        onConfirm={() => send({ type: 'send.confirm' })}
        onCancel={() => send({ type: 'send.cancel' })}
      />
    </div>
  );
}
