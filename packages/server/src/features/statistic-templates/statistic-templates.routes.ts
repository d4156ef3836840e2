import {
  pageQuery,
  STATISTIC_MODULE_DEFECT,
  statisticTemplateBody,
  statisticTemplateConfig,
} from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import { parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { column, EXPORT_MAX_ROWS, sendListSheet } from '../../lib/xlsx.ts';

/** The stored text, checked: a JSON array of known panels. */
function checkedConfig(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('statistic.config.invalid');
  }
  const parsed = statisticTemplateConfig.safeParse(value);
  if (!parsed.success) throw new AppError('statistic.config.invalid');
  return JSON.stringify(parsed.data);
}

const exportQuery = z.object({
  projectId: z.coerce.number().int().min(1).optional(),
  moduleType: z.coerce.number().int().optional(),
});
const STATISTIC_COLUMNS = [
  column('statisticTemplateId', '编号', 'ID', 10),
  column('projectName', '项目', 'Project', 24),
  column('moduleType', '模块类型', 'Module type', 12),
  column('statisticTemplatCode', '模板编码', 'Code', 16),
  column('statisticTemplatConfig', '面板配置', 'Panels', 60),
];

/** Which statistics panels each user shows on a project's defect page (one layout per user and project). */
export function registerStatisticTemplateRoutes(r: Router): void {
  const { db } = r.deps;
  const mine = (userId: number) =>
    db.selectFrom('sysUserStatisticTemplate').selectAll().where('userId', '=', userId);

  r.get('/system/statistic/list', {
    guard: perm('system:project:list'),
    query: pageQuery.extend({
      projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1),
      moduleType: z.coerce.number().int().optional(),
    }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const rows = await mine(ctx.me.userId)
        .where('projectId', '=', ctx.query.projectId)
        .where('moduleType', '=', ctx.query.moduleType ?? STATISTIC_MODULE_DEFECT)
        .execute();
      return ctx.table(rows, rows.length);
    },
  });

  // The caller's own layouts, of one project or of all; the permission is granted to no role by
  // the original (the super administrator exports).
  r.post('/system/statistic/export', {
    guard: perm('system:statistic:export'),
    query: exportQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      let rows = db
        .selectFrom('sysUserStatisticTemplate as s')
        .leftJoin('sysProject as p', 'p.projectId', 's.projectId')
        .select([
          's.statisticTemplateId',
          's.moduleType',
          's.statisticTemplatCode',
          's.statisticTemplatConfig',
          'p.projectName',
        ])
        .where('s.userId', '=', ctx.me.userId);
      if (q.projectId !== undefined) rows = rows.where('s.projectId', '=', q.projectId);
      if (q.moduleType !== undefined) rows = rows.where('s.moduleType', '=', q.moduleType);
      const found = await rows
        .orderBy('s.statisticTemplateId')
        .limit(EXPORT_MAX_ROWS + 1)
        .execute();
      return sendListSheet(ctx.reply, ctx.lang, ctx.t('excel.statistic.sheet'), STATISTIC_COLUMNS, found);
    },
  });

  r.get('/system/statistic/:id', {
    guard: perm('system:project:query', 'system:project:list'),
    params: z.object({ id: z.coerce.number().int().min(1) }),
    handler: async (ctx) => {
      const row = await mine(ctx.me.userId)
        .where('statisticTemplateId', '=', ctx.params.id)
        .executeTakeFirst();
      if (!row) throw new AppError('statistic.not-found');
      return ctx.ok(row);
    },
  });

  const save = async (ctx: { body: z.infer<typeof statisticTemplateBody>; me: { userId: number } }) => {
    const config = checkedConfig(ctx.body.statisticTemplatConfig);
    const { projectId, moduleType } = ctx.body;
    return db
      .insertInto('sysUserStatisticTemplate')
      .values({
        projectId,
        moduleType,
        userId: ctx.me.userId,
        statisticTemplatCode: ctx.body.statisticTemplatCode ?? null,
        statisticTemplatConfig: config,
      })
      .onConflict((oc) =>
        oc.columns(['moduleType', 'projectId', 'userId']).doUpdateSet({ statisticTemplatConfig: config }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  };
  for (const method of ['post', 'put'] as const) {
    r[method]('/system/statistic', {
      guard: perm('system:project:list'),
      body: statisticTemplateBody,
      scope: ({ body }) => ({ kind: 'project', projectId: body.projectId }),
      handler: async (ctx) => ctx.ok(await save(ctx)),
    });
  }

  r.delete('/system/statistic/:ids', {
    guard: perm('system:project:list'),
    params: z.object({ ids: z.string() }),
    handler: async (ctx) => {
      await db
        .deleteFrom('sysUserStatisticTemplate')
        .where('statisticTemplateId', 'in', parseIds(ctx.params.ids))
        .where('userId', '=', ctx.me.userId)
        .execute();
      return ctx.ok();
    },
  });
}
