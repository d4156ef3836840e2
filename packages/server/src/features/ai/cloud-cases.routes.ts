import { CLOUD_CASE_MAX, type CloudCase, cloudCase, cloudCaseQuery } from '@buglet/contracts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { listCases, toCases } from '../cases/cases.repository.ts';
import { loadTree } from '../modules/modules.repository.ts';

/**
 * `GET /cloud/api/case/list?content=`: the original forwards this to its vendor's hosted case
 * library (https://www.cat2bug.com/cloud/api/ai/case/list), which a self-hosted Buglet neither
 * has nor calls. It answers from what it has instead: the project's own cases whose titles hold
 * the text (the newest 50), with a generated case's fields, so a client can copy them as it
 * copies generated ones.
 */
export function registerCloudCaseRoutes(r: Router): void {
  const { db } = r.deps;
  r.get('/cloud/api/case/list', {
    guard: perm('system:case:list'),
    query: cloudCaseQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: cloudCase,
    handler: async (ctx) => {
      const projectId = ctx.scoped.projectId;
      const tree = await loadTree(db, projectId);
      const { rows } = await listCases(
        db,
        { projectId, ...(ctx.query.content ? { caseName: ctx.query.content } : {}) },
        tree,
        CLOUD_CASE_MAX,
        0,
        ['c.updateTime', 'desc'],
      );
      const cases: CloudCase[] = (await toCases(db, rows, tree)).map((c) => ({
        caseId: c.caseId,
        caseNum: c.caseNum,
        caseName: c.caseName,
        caseLevel: c.caseLevel,
        moduleId: c.moduleId,
        modulePath: c.modulePath,
        casePreconditions: c.casePreconditions ?? '',
        caseExpect: c.caseExpect ?? '',
        caseStep: c.caseStep,
      }));
      return ctx.ok(cases);
    },
  });
}
