import type { ChartDataset } from 'chart.js';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, type Language } from '../../../contract/constants';
import {
  getInteSmsIndexInfoEndpoint,
  getSmsIndexInfoEndpoint,
  type InteSmsIndexInfo,
  type SmsIndexInfo,
} from '../../../contract/endpoints/dashboard.endpoints';
import type { PermCode } from '../../../contract/endpoints/user.endpoints';
import { isNetworkError } from '../../../machines/session.machine';
import { api } from '../../session/api';
import { useStore } from '../external-store';
import { Chart } from '../../ui/chart-setup';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from '../../ui/format';
import { gapWhereNoSends } from './chart-gaps';
import { getLanguage } from '../../ui/language';
import { menuStore } from '../menu-store';
import { sessionActorRef } from '../../session/session-ref';
import { STORAGE } from '../storage-keys';
import { useViewer } from '../../table/viewer';
import { whenIdle } from '../when-idle';

// /wel/index: the home dashboard, or the international one when that product is chosen.
// The last answer per product is cached so an offline start still shows something, with a note.
type Answer = { kind: 'home'; data: SmsIndexInfo } | { kind: 'international'; data: InteSmsIndexInfo };
type Cached = Record<string, { at: number; answer: Answer }>;

const PROD_TYPE: Partial<Record<PermCode, number>> = {
  homeSms: PRODUCT_TYPES.home,
  videoSms: PRODUCT_TYPES.video,
  cspSms: PRODUCT_TYPES.csp,
};

async function fetchDashboard(product: PermCode, signal: AbortSignal): Promise<Answer> {
  if (product === 'internationalSms')
    return { kind: 'international', data: await api.call(getInteSmsIndexInfoEndpoint, {}, { signal }) };
  return {
    kind: 'home',
    data: await api.call(getSmsIndexInfoEndpoint, { prod_type: PROD_TYPE[product] ?? PRODUCT_TYPES.home }, { signal }),
  };
}

const readCache = (): Cached => {
  try {
    return JSON.parse(localStorage.getItem(STORAGE.dashboard) ?? '{}') as Cached;
  } catch {
    return {};
  }
};

function TrendChart({ answer, lang }: { answer: Answer; lang: Language }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const d = answer.data;
    const ratio = (label: string, data: number[], color: string): ChartDataset<'line', (number | null)[]> => ({
      type: 'line',
      label,
      data: gapWhereNoSends(data, d.sentCountAxis),
      spanGaps: false,
      borderColor: color,
      backgroundColor: color,
      yAxisID: 'ratio',
      cubicInterpolationMode: 'monotone',
      pointRadius: 2,
    });
    const datasets: ChartDataset<'bar' | 'line', (number | null)[]>[] = [
      {
        type: 'bar',
        label: t('dashboard.sentCount'),
        data: d.sentCountAxis,
        backgroundColor: '#409EFF88',
        yAxisID: 'count',
      },
      // a user who may not see delivery outcomes is answered no ratio series
      ...(answer.kind === 'home' && answer.data.successRatioAxis.length > 0
        ? [
            ratio(t('dashboard.successRatio'), answer.data.successRatioAxis, '#22a06b'),
            ratio(t('dashboard.failureRatio'), answer.data.failureRatioAxis, '#d64545'),
            ratio(t('dashboard.unknownRatio'), answer.data.unknownRatioAxis, '#c98a04'),
          ]
        : []),
    ];
    // drawn when the browser is idle, not in the commit's effects: its first draw is 30-40 ms of work that a
    // navigation right after the login (to a records list) would otherwise run first; a page left before it is drawn
    // never draws it
    let chart: Chart | null = null;
    const el = canvas.current!;
    const cancel = whenIdle(() => {
      chart = new Chart(el, {
        type: 'bar',
        data: { labels: d.timeAxis.map((day) => formatDate(day, lang)), datasets },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            count: {
              type: 'linear',
              position: 'left',
              beginAtZero: true,
              ticks: { callback: (v) => formatNumber(Number(v), lang) },
            },
            ...(answer.kind === 'home' && answer.data.successRatioAxis.length > 0
              ? {
                  ratio: {
                    type: 'linear' as const,
                    position: 'right' as const,
                    min: 0,
                    max: 100,
                    grid: { drawOnChartArea: false },
                    ticks: { callback: (v: string | number) => formatPercent(Number(v), lang) },
                  },
                }
              : {}),
          },
        },
      });
      // (for the tests: the chart is drawn, not only its canvas placed)
      el.dataset.drawn = 'true';
    }, 500);
    return () => {
      cancel();
      chart?.destroy();
      delete el.dataset.drawn;
    };
  }, [answer, lang, t]);
  return (
    <figure className="dashboard-chart">
      <figcaption>{t('dashboard.chartTitle')}</figcaption>
      <div className="chart-box">
        <canvas ref={canvas} role="img" aria-label={t('dashboard.chartTitle')} />
      </div>
    </figure>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className={`stat-card ${tone ?? ''}`}>
      <span className="stat-label">{label}</span>
      <strong className="stat-value">{value}</strong>
    </div>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const lang = getLanguage();
  const product = useStore(menuStore).active;
  const [state, setState] = useState<{
    answer: Answer | null;
    cachedAt: number | null;
    error: string | null;
    loading: boolean;
  }>({
    answer: null,
    cachedAt: null,
    error: null,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  // the session's balance, asked again after every send and charge (src/accounts/live-balance.ts): the figures below
  // are as of the page's opening, the balance is the account's own and so always shown current
  const liveBalance = useSelector(sessionActorRef(), (s) => s.context.userInfo?.authUser.balance);

  useEffect(() => {
    // left before the answer (the operator went straight to a list after the login): it is not read at all
    const leaving = new AbortController();
    const live = () => !leaving.signal.aborted;
    setState((s) => (s.loading && !s.error ? s : { ...s, loading: true, error: null }));
    const load = () =>
      fetchDashboard(product, leaving.signal).then(
        (answer) => {
          if (!live()) return;
          localStorage.setItem(
            STORAGE.dashboard,
            JSON.stringify({ ...readCache(), [product]: { at: Date.now(), answer } }),
          );
          // rendered in a transition: a navigation at the same moment (to a list, right after the login) goes first,
          // and this render, never committed, is dropped with the page
          startTransition(() => setState({ answer, cachedAt: null, error: null, loading: false }));
        },
        (e: unknown) => {
          if (!live()) return;
          const cached = isNetworkError(e) ? readCache()[product] : undefined;
          setState({
            answer: cached?.answer ?? null,
            cachedAt: cached?.at ?? null,
            error: cached ? null : (e as Error).message || t('dashboard.loadFailed'),
            loading: false,
          });
        },
      );
    // asked when the browser is idle, not in the commit's effects: right after the login those run in the task that
    // renders the shell, and the call's request check and dispatch (~5 ms) held its paint back
    const cancel = whenIdle(() => void load(), 300);
    return () => {
      cancel();
      leaving.abort();
    };
  }, [product, attempt, t]);

  const { answer, cachedAt, error, loading } = state;
  // the platform answers 0 for these to a user who may not see delivery outcomes: not shown rather than shown as 0
  const outcomes = useViewer().showClientStatus !== 0;
  const n = (v: number) => formatNumber(v, lang);
  return (
    <section className="dashboard" aria-labelledby="dashboard-title" aria-busy={loading}>
      <h1 id="dashboard-title">{t(product === 'internationalSms' ? 'dashboard.international' : 'dashboard.home')}</h1>
      {cachedAt && <Message severity="warn" text={t('dashboard.cached', { time: formatDateTime(cachedAt, lang) })} />}
      {error && (
        <div className="dashboard-error" role="alert">
          <Message severity="error" text={`${t('dashboard.loadFailed')}: ${error}`} />
          <Button label={t('common.retry')} icon="pi pi-refresh" text onClick={() => setAttempt((a) => a + 1)} />
        </div>
      )}
      {loading && !answer && <ProgressSpinner aria-label={t('common.loading')} />}
      {answer?.kind === 'home' && (
        <div className="stat-grid">
          <Stat
            label={t('dashboard.lastLoginTime')}
            value={answer.data.lastLoginTime ? formatDateTime(answer.data.lastLoginTime, lang) : t('dashboard.never')}
          />
          <Stat
            label={t('dashboard.balance')}
            value={t('dashboard.yuan', { amount: formatMoney(liveBalance ?? answer.data.balance, lang) })}
          />
          <Stat label={t('dashboard.monthAll')} value={n(answer.data.monthAllCount)} />
          <Stat label={t('dashboard.yesterdayAll')} value={n(answer.data.yesterdayAllCount)} />
          <Stat label={t('dashboard.todayAll')} value={n(answer.data.todayAllCount)} />
          {outcomes && (
            <>
              <Stat label={t('dashboard.todaySuccess')} value={n(answer.data.todaySuccessCount)} tone="ok" />
              <Stat label={t('dashboard.todayFailure')} value={n(answer.data.todayFailureCount)} tone="bad" />
              <Stat label={t('dashboard.todayUnknown')} value={n(answer.data.todayUnknownCount)} tone="unknown" />
            </>
          )}
        </div>
      )}
      {answer?.kind === 'international' && (
        <div className="stat-grid">
          <Stat label={t('dashboard.prevMonthAll')} value={n(answer.data.prevMonthAllCount)} />
          <Stat label={t('dashboard.curMonthAll')} value={n(answer.data.curMonthAllCount)} />
          <Stat label={t('dashboard.yesterdayAll')} value={n(answer.data.yesterdayAllCount)} />
          <Stat label={t('dashboard.todayAll')} value={n(answer.data.todayAllCount)} />
        </div>
      )}
      {answer && <TrendChart answer={answer} lang={lang} />}
    </section>
  );
}
