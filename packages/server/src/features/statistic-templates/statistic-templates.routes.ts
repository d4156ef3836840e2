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
