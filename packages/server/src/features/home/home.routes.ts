import { homeCalendar, homeCalendarQuery, homeDashboard } from '@buglet/contracts';
import { authenticated } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { loadCalendar } from './calendar.repository.ts';
import { loadHome } from './home.repository.ts';

/** The signed-in person's start page in one request (what waits, what moved, trends, notices). */
export function registerHomeRoutes(r: Router): void {
  r.get('/system/home/dashboard', {
    guard: authenticated,
    output: homeDashboard,
    handler: async (ctx) => ctx.ok(await loadHome(r.deps.db, ctx.me, ctx.lang, APP_VERSION)),
  });

  /** The personal calendar: my (or my projects') defects whose plan meets a window of days. */
  r.get('/system/home/calendar', {
    guard: authenticated,
    query: homeCalendarQuery,
    output: homeCalendar,
    handler: async (ctx) => {
      const { from, to, range } = ctx.query;
      return ctx.ok(await loadCalendar(r.deps.db, ctx.me.userId, range, { from, to }));
    },
  });
}
