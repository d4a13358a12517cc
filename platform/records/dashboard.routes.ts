import type { FastifyInstance } from 'fastify';
import { getInteSmsIndexInfoEndpoint, getSmsIndexInfoEndpoint } from '../../contract/endpoints/dashboard.endpoints';
import { PRODUCT_TYPES } from '../../contract/constants';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { authedRoute as route } from '../lists/read-route';
import { wallClockIn } from '../../contract/time-zone';
import { hidesClientStatus, outcomeTotals } from './client-status';
import { loginInfo, statTotals, ZERO } from './dashboard';
import { dayOf, lastDays, monthOf, previousMonthOf } from './tenant-time';

// Home dashboards: counts and a 30-day chart from stat_rows over every account the caller may see.
// Any product line works (0, 1, 2, 6). A user who may not see delivery outcomes gets 0 for today's success, failure
// and unknown counts and no ratio series (client-status.ts).

const ratio = (n: number, of: number) => (of > 0 ? Math.round((n * 10_000) / of) / 100 : 0);

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, getSmsIndexInfoEndpoint, async ({ body, user }) => {
    const now = ctx.now();
    const days = lastDays(now, 30);
    const [today, yesterday] = [days[29], days[28]];
    const t = await statTotals(ctx.db, readableCusIds(user, 'data'), body.prod_type, days, [monthOf(now)]);
    const day = (d: string) => outcomeTotals(user, t.get(`day|${d}`) ?? ZERO);
    const ratios = (pick: (d: string) => number) => (hidesClientStatus(user) ? [] : days.map(pick));
    const info = await loginInfo(ctx.db, user.id);
    return {
      // the login before this one, in the account's zone, as the user info's (the console reads it there)
      lastLoginTime: info?.previous_login_at
        ? wallClockIn(info.time_zone, new Date(info.previous_login_at).getTime())
        : null,
      balance: Number(info?.balance ?? 0),
      monthAllCount: (t.get(`month|${monthOf(now)}`) ?? ZERO).sent,
      yesterdayAllCount: day(yesterday).sent,
      todayAllCount: day(today).sent,
      todaySuccessCount: day(today).success,
      todayFailureCount: day(today).failure,
      todayUnknownCount: day(today).unknown,
      timeAxis: days,
      sentCountAxis: days.map((d) => day(d).sent),
      successRatioAxis: ratios((d) => ratio(day(d).success, day(d).sent)),
      failureRatioAxis: ratios((d) => ratio(day(d).failure, day(d).sent)),
      unknownRatioAxis: ratios((d) => ratio(day(d).unknown, day(d).sent)),
    };
  });

  route(app, ctx, getInteSmsIndexInfoEndpoint, async ({ user }) => {
    const now = ctx.now();
    const days = lastDays(now, 30);
    const [cur, prev] = [monthOf(now), previousMonthOf(now)];
    const t = await statTotals(ctx.db, readableCusIds(user, 'data'), PRODUCT_TYPES.international, days, [cur, prev]);
    const sent = (key: string) => (t.get(key) ?? ZERO).sent;
    return {
      prevMonthAllCount: sent(`month|${prev}`),
      curMonthAllCount: sent(`month|${cur}`),
      yesterdayAllCount: sent(`day|${days[28]}`),
      todayAllCount: sent(`day|${dayOf(now)}`),
      timeAxis: days,
      sentCountAxis: days.map((d) => sent(`day|${d}`)),
    };
  });
}
