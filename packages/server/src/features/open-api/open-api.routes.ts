import { reportPushBody } from '@buglet/contracts';
import type { FastifyInstance } from 'fastify';
import { apiKey } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { notifyReportCreated } from '../reports/reports.routes.ts';
import { emitWebhook } from '../webhooks/webhooks.service.ts';
import { registerApiKeyCaller } from './api-key.caller.ts';
import { registerApiRefusals } from './api-refusals.ts';
import { registerOpenCaseRoutes } from './open-cases.routes.ts';
import { registerOpenDefectRoutes } from './open-defects.routes.ts';
import { registerOpenProjectRoutes } from './open-project.routes.ts';
import { pushReport } from './report-push.service.ts';

/**
 * The Open API (original-backend §7, §13.4): called with a project API key in the
 * CAT2BUG-API-KEY header, never with a session; the project is the key's.
 */
export function registerOpenApiRoutes(app: FastifyInstance, r: Router): void {
  registerApiKeyCaller(r);
  registerApiRefusals(app, r);
  r.post('/api/report/defect', {
    guard: apiKey('report:push'),
    rateLimit: 'api-key',
    body: reportPushBody,
    handler: async (ctx) => {
      const outcome = await pushReport(r.deps, ctx.api, ctx.body, ctx.req.ip, ctx.lang);
      if (outcome.isNewReport)
        await notifyReportCreated(r, ctx.api.projectId, outcome.reportId, ctx.body.reportTitle, ctx.me);
      const { events: _events, ...counts } = outcome;
      await emitWebhook(r.deps, ctx.api.projectId, 'report.pushed', {
        report: { reportTitle: ctx.body.reportTitle, reportKey: ctx.body.reportKey ?? null },
        ...counts,
      });
      // Filed all the same; the answer names a handler that is no project member.
      return outcome.unknownHandlers.length > 0
        ? ctx.ok(counts, { msg: ctx.t('api.push.handler-unknown', outcome.unknownHandlers.join(', ')) })
        : ctx.ok(counts);
    },
  });
  registerOpenDefectRoutes(r);
  registerOpenProjectRoutes(r);
  registerOpenCaseRoutes(r);
}
