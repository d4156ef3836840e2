import { planIdText } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { apiKey } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { assertWritable } from '../open-api/api-key.auth.ts';
import { automation, moduleIdOf } from '../open-api/open-defects.routes.ts';
import { JUNIT_MAX_BYTES, parseJUnit, RESULTS_MAX, type TestResult } from './junit.ts';
import { importResults } from './plan-results.service.ts';
import { retestOutcome } from './plan-retest.ts';

/** A test as a JSON list sends it (what a JUnit report says, without XML). */
const jsonResult = z.object({
  name: z.string().trim().min(1).max(1000),
  classname: z.string().trim().max(1000).optional(),
  status: z.enum(['pass', 'passed', 'fail', 'failed', 'error', 'skipped'], { error: 'plan.results.status' }),
  message: z.string().max(65_536).optional(),
  durationMs: z.number().min(0).optional(),
});

/** A JSON list, or a JUnit report's text (an XML body). */
const resultsBody = z.union([
  z.object({ results: z.array(jsonResult).max(RESULTS_MAX, { error: 'plan.results.too-many' }) }),
  z.string().max(JUNIT_MAX_BYTES + 1024 * 1024),
]);

const resultsQuery = z.object({
  planId: planIdText.optional(),
  /** The CI run: its plan is found or made by this name. */
  runName: z.string().trim().max(255).optional(),
  /** `true`: tests no case matches become cases in `deliverablePath`. */
  createMissing: z.enum(['true', 'false']).optional(),
  deliverablePath: z.string().max(1000).optional(),
  /**
   * `true`: a test passing an item that waits for a retest passes its defects' review too (the
   * key acting for the project's tooling); off unless asked.
   */
  passRetest: z.enum(['true', 'false']).optional(),
});

const fromJson = (r: z.infer<typeof jsonResult>): TestResult => ({
  name: r.name,
  classname: r.classname ?? '',
  status: r.status.startsWith('pass') ? 'pass' : r.status === 'skipped' ? 'skipped' : 'fail',
  message: (r.message ?? '').slice(0, 4000),
  durationMs: r.durationMs ?? null,
});

/**
 * Results from CI (`POST /api/plan/results`, capability `plan:results`): a JUnit XML report as the
 * body (`Content-Type: application/xml`) or a JSON list, into the plan named or the CI run's plan.
 */
export function registerPlanResultRoutes(r: Router): void {
  const { db } = r.deps;
  r.post('/api/plan/results', {
    guard: apiKey('plan:results'),
    rateLimit: 'api-key',
    body: resultsBody,
    query: resultsQuery,
    handler: async (ctx) => {
      assertWritable(ctx.api);
      const q = ctx.query;
      const tests = typeof ctx.body === 'string' ? parseJUnit(ctx.body) : ctx.body.results.map(fromJson);
      let createIn: number | undefined;
      if (q.createMissing === 'true') {
        createIn = (await moduleIdOf(db, ctx.api.projectId, q.deliverablePath ?? '')) ?? undefined;
        if (!createIn) throw new AppError('plan.results.no-module');
      }
      const { retestPassedIds, ...outcome } = await importResults(
        db,
        ctx.me,
        ctx.api.projectId,
        { planId: q.planId, runName: q.runName, createIn },
        tests,
      );
      if (q.passRetest !== 'true') return ctx.ok(outcome);
      const defects = await retestOutcome(
        r.deps,
        ctx.me,
        automation(ctx.api),
        ctx.api.projectId,
        retestPassedIds,
        'pass',
        {},
        ctx.t,
      );
      return ctx.ok({ ...outcome, defects });
    },
  });
}
