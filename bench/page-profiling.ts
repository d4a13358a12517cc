import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { log, PROFILE_SCROLL, round, TRACE_COLD } from './run-options';

// What the browser bench watches in the page besides its figures: frame gaps while the table scrolls, and the
// diagnostics behind --verbose, --profile-scroll and --trace-cold.

/** A long animation frame as text, in the page (its length, when it rendered and laid out, and the scripts that ran in
 * it), for the --verbose timelines: source of a function, put into the strings the page evaluates. */
export const LOAF_TEXT = `(e) => Math.round(e.duration) + ' ms (render at +' + Math.round(e.renderStart - e.startTime) + ', layout at +' +
  Math.round(e.styleAndLayoutStart - e.startTime) + '): ' + e.scripts.map((s) => s.invokerType + ' ' + s.invoker.slice(0, 50) + ' ' +
  (s.sourceFunctionName || '') + ' ' + Math.round(s.duration) + ' ms @+' + Math.round(s.startTime - e.startTime)).join('; ')`;

/** Gaps between frames over 3 s of scrolling the records table, as a user would (60 frames/s is 16.7 ms; a gap over
 * 50 ms is a visible stutter). */
export function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const scroller =
      document.querySelector('.table-screen .p-virtualscroller') ??
      document.querySelector('.table-screen .p-datatable-wrapper');
    const gaps: number[] = [];
    let last = performance.now();
    (window as unknown as { __scrollStart: number }).__scrollStart = last;
    const end = last + 3000;
    // a loop over frames, not a named callback: the page cannot see tsx's __name helper
    for (let t = last; t < end;) {
      t = await new Promise<number>((r) => requestAnimationFrame(r));
      gaps.push(t - last);
      last = t;
      if (scroller) scroller.scrollTop += 40;
    }
    return gaps.slice(1);
  });
}

/** Runs `work`; with --profile-scroll, under the DevTools sampling profiler, logging the functions that took the most
 * of the page's main thread (self time) meanwhile. */
export async function profiled<T>(page: Page, what: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_SCROLL) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const out = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
      startTime: number;
      endTime: number;
      samples: number[];
    };
  };
  writeFileSync(join(tmpdir(), `scroll-profile-${what.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  const per = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const self = new Map<string, number>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + (n.hitCount ?? 0) * per);
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  log(`${what}: main-thread self time (ms) by function`, top.map(([k, v]) => `${round(v)} ${k}`).join('\n  '));
  await cdp.detach();
  return out;
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

/** The cold path under a Chrome trace (--trace-cold): the renderer main thread's tasks from the login response to the
 * rows' mark, each with its largest inner events, and the idle time between them. */
export async function traced<T>(page: Page, work: () => Promise<T>): Promise<T> {
  if (!TRACE_COLD) return work();
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  const categories = [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'blink.user_timing',
    'v8.execute',
    'loading',
    'disabled-by-default-v8.cpu_profiler',
  ];
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
  const out = await work();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const file = join(tmpdir(), 'cold-trace.json');
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  const login = events.find(
    (e) =>
      e.name === 'ResourceFinish' &&
      events.some(
        (s) =>
          s.name === 'ResourceSendRequest' &&
          s.args?.data?.requestId === e.args?.data?.requestId &&
          String(s.args?.data?.url).endsWith('/user/login'),
      ),
  );
  const rows = events.find((e) => e.name === 'bench rows');
  if (!login || !rows) return (log(`trace in ${file}: no login answer or rows mark found`), out);
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === rows.pid,
  )!;
  const onMain = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= login.ts - 1000 && e.ts <= rows.ts,
  );
  const ms = (us: number) => Math.round((us - login.ts) / 100) / 10;
  const label = (e: TraceEvent) => {
    const d = e.args?.data ?? {};
    const where =
      d.functionName || d.url
        ? ` ${String(d.functionName ?? '')} ${String(d.url ?? '')
            .split('/')
            .pop()}:${String(d.lineNumber ?? '')}`
        : d.type
          ? ` ${String(d.type)}`
          : '';
    return `${e.name}${where} ${Math.round((e.dur ?? 0) / 100) / 10}`;
  };
  log(`trace in ${file}; the main thread from the login answer to the rows (ms):`);
  let end = login.ts;
  for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 1000)) {
    if (task.ts > end + 1000) log(`  ${String(ms(end)).padStart(6)}  idle ${ms(task.ts) - ms(end)}`);
    const inner = onMain.filter(
      (e) =>
        e !== task &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) &&
        e.name !== 'RunTask' &&
        (e.dur ?? 0) >= 2000,
    );
    log(
      `  ${String(ms(task.ts)).padStart(6)}  task ${Math.round((task.dur ?? 0) / 100) / 10}: ${inner
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 10)
        .map(label)
        .join('; ')}`,
    );
    end = Math.max(end, task.ts + (task.dur ?? 0));
  }
  log(`  ${String(ms(rows.ts)).padStart(6)}  rows`);
  return out;
}
