import type { ChartDataset } from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../contract/constants';
import type { CarrierHistory } from '../../contract/endpoints/carrier-history.endpoints';
import { Chart } from '../ui/chart-setup';
import { formatNumber, formatPercent } from '../ui/format';
import { deliveredPercent, hourSummary, percentText } from './carrier-history-text';
import { latencyMsText } from './carrier-status-text';

// One carrier's last hour, minute by minute: submits as bars, the delivered share of the receipts and their mean
// latency as lines. The canvas is an image named by the hour's summary; the figures themselves are in a table that
// only screen readers see, one row a minute, so nothing the chart shows is only in the chart.

const timeFormat = (lang: Language) =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { hour: '2-digit', minute: '2-digit' });

export function CarrierHistoryChart({ history, lang, id }: { history: CarrierHistory; lang: Language; id: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const times = useMemo(() => history.minutes.map((m) => timeFormat(lang).format(new Date(m.minute))), [history, lang]);
  const summary = hourSummary(history.minutes, t, lang);
  useEffect(() => {
    const el = canvas.current!;
    const m = history.minutes;
    const line = (
      label: string,
      data: (number | null)[],
      color: string,
      axis: string,
    ): ChartDataset<'line', (number | null)[]> => ({
      type: 'line',
      label,
      data,
      spanGaps: false,
      borderColor: color,
      backgroundColor: color,
      yAxisID: axis,
      pointRadius: 1.5,
    });
    const datasets: ChartDataset<'bar' | 'line', (number | null)[]>[] = [
      {
        type: 'bar',
        label: t('carriers.history.submits'),
        data: m.map((x) => x.submitted),
        backgroundColor: '#409EFF88',
        yAxisID: 'count',
      },
      line(
        t('carriers.history.delivered'),
        m.map((x) => deliveredPercent(x.delivered, x.receipts)),
        '#22a06b',
        'ratio',
      ),
      line(
        t('carriers.history.latency'),
        m.map((x) => (x.latencyMs === null ? null : x.latencyMs / 1000)),
        '#c98a04',
        'latency',
      ),
    ];
    const chart = new Chart(el, {
      type: 'bar',
      data: { labels: times, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { labels: { boxWidth: 12 } } },
        scales: {
          x: { ticks: { maxTicksLimit: 7, autoSkip: true } },
          count: {
            type: 'linear',
            position: 'left',
            beginAtZero: true,
            ticks: { precision: 0, callback: (v) => formatNumber(Number(v), lang) },
          },
          ratio: {
            type: 'linear',
            position: 'right',
            min: 0,
            max: 100,
            grid: { drawOnChartArea: false },
            ticks: { callback: (v) => formatPercent(Number(v), lang) },
          },
          latency: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            grid: { drawOnChartArea: false },
            ticks: { callback: (v) => `${formatNumber(Number(v), lang)} s` },
          },
        },
      },
    });
    // (for the tests: the chart is drawn, not only its canvas placed)
    el.dataset.drawn = 'true';
    return () => {
      chart.destroy();
      delete el.dataset.drawn;
    };
  }, [history, lang, t, times]);
  const title = t('carriers.history.title', { name: history.name });
  return (
    <figure id={id} className="carrier-history" data-testid="carrier-history" style={{ margin: 0, maxWidth: '48rem' }}>
      <figcaption style={{ fontWeight: 600 }}>{title}</figcaption>
      <p data-testid="carrier-history-summary" style={{ margin: '4px 0' }}>
        {summary}
      </p>
      <div style={{ position: 'relative', height: 180 }}>
        <canvas ref={canvas} role="img" aria-label={`${title}. ${summary}`} data-testid="carrier-history-canvas" />
      </div>
      <table className="visually-hidden" data-testid="carrier-history-table">
        <caption>{t('carriers.history.tableCaption', { name: history.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('carriers.history.minute')}</th>
            <th scope="col">{t('carriers.history.submits')}</th>
            <th scope="col">{t('carriers.history.receipts')}</th>
            <th scope="col">{t('carriers.history.delivered')}</th>
            <th scope="col">{t('carriers.history.latency')}</th>
          </tr>
        </thead>
        <tbody>
          {history.minutes.map((m, i) => (
            <tr key={m.minute}>
              <th scope="row">{times[i]}</th>
              <td>{formatNumber(m.submitted, lang)}</td>
              <td>{formatNumber(m.receipts, lang)}</td>
              <td>{percentText(deliveredPercent(m.delivered, m.receipts), t, lang)}</td>
              <td>{latencyMsText(m.latencyMs, t, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
