import type { FastifyInstance } from 'fastify';
import { getInteSmsIndexInfoEndpoint, getSmsIndexInfoEndpoint } from '../../contract/endpoints/dashboard.endpoints';
import { PRODUCT_TYPES } from '../../contract/constants';
import type { CurrentUser } from '../auth/current-user';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../context';
import { authedRoute as route } from '../lists/read-route';
import { wallClockIn } from '../../contract/time-zone';
import { dayOf, lastDays, monthOf, previousMonthOf } from './tenant-time';

// Home dashboards: counts and a 30-day chart from stat_rows over every account the caller may see.
// Any product line works (0, 1, 2, 6): the defect of the original, where video and CSP failed, has no counterpart.

interface Totals {
  sent: number;
  success: number;
  failure: number;
  unknown: number;
}
const ZERO: Totals = { sent: 0, success: 0, failure: 0, unknown: 0 };
const ratio = (n: number, of: number) => (of > 0 ? Math.round((n * 10_000) / of) / 100 : 0);

/** Day totals of the last 30 days and month totals of the given months, keyed `kind|label`. */
async function totals(ctx: AppContext, user: CurrentUser, prodType: number, days: string[], months: string[]): Promise<Map<string, Totals>> {
  const rows = await ctx.db.query<Totals & { kind: string; label: string }>(
    `select kind, gathering_time as label, sum(sent_count)::int8 as sent, sum(success_count)::int8 as success,
            sum(failure_count)::int8 as failure, sum(unknown_count)::int8 as unknown
       from stat_rows
      where cus_id = any($1::text[]) and prod_type = $2 and deleted = false
        and ((kind = 'day' and gathering_time >= $3 and gathering_time <= $4) or (kind = 'month' and gathering_time = any($5::text[])))
      group by kind, gathering_time`,
    [readableCusIds(user, 'data'), prodType, days[0], days[days.length - 1], months],
  );
  return new Map(rows.map((r) => [`${r.kind}|${r.label}`, r]));
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, getSmsIndexInfoEndpoint, async ({ body, user }) => {
    const now = ctx.now();
    const days = lastDays(now, 30);
    const [today, yesterday] = [days[29], days[28]];
    const t = await totals(ctx, user, body.prod_type, days, [monthOf(now)]);
    const day = (d: string) => t.get(`day|${d}`) ?? ZERO;
    const [info] = await ctx.db.query<{ previous_login_at: Date | null; balance: number; time_zone: string }>(
      'select u.previous_login_at, a.balance, a.time_zone from users u join accounts a on a.cus_id = u.cus_id where u.id = $1',
      [user.id],
    );
    return {
      // the login before this one, in the account's zone, as the user info's (the console reads it there)
      lastLoginTime: info?.previous_login_at ? wallClockIn(info.time_zone, new Date(info.previous_login_at).getTime()) : null,
      balance: Number(info?.balance ?? 0),
      monthAllCount: (t.get(`month|${monthOf(now)}`) ?? ZERO).sent,
      yesterdayAllCount: day(yesterday).sent,
      todayAllCount: day(today).sent,
      todaySuccessCount: day(today).success,
      todayFailureCount: day(today).failure,
      todayUnknownCount: day(today).unknown,
      timeAxis: days,
      sentCountAxis: days.map((d) => day(d).sent),
      successRatioAxis: days.map((d) => ratio(day(d).success, day(d).sent)),
      failureRatioAxis: days.map((d) => ratio(day(d).failure, day(d).sent)),
      unknownRatioAxis: days.map((d) => ratio(day(d).unknown, day(d).sent)),
    };
  });

  route(app, ctx, getInteSmsIndexInfoEndpoint, async ({ user }) => {
    const now = ctx.now();
    const days = lastDays(now, 30);
    const [cur, prev] = [monthOf(now), previousMonthOf(now)];
    const t = await totals(ctx, user, PRODUCT_TYPES.international, days, [cur, prev]);
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
