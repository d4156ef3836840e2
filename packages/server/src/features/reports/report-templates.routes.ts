import { randomUUID } from 'node:crypto';
import {
  pageQuery,
  reportTemplate,
  reportTemplateCreateBody,
  reportTemplateFile,
  reportTemplateUpdateBody,
  TEMPLATE_FILE_FORMAT,
} from '@buglet/contracts';
import { z } from 'zod';
import { enterProjectWith } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import { findTemplate, listTemplates, type TemplateFilter } from './reports.repository.ts';

const templateListQuery = pageQuery.extend({
  projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1),
  isShop: z.enum(['true', 'false']).optional(),
  moduleType: z.string().max(64).optional(),
  templateTitle: z.string().max(512).optional(),
  templateKey: z.string().max(64).optional(),
  updateById: z.coerce.number().int().min(1).optional(),
});

const templateParam = z.object({ templateId: z.coerce.number().int().min(1) });

const filterOf = (q: z.infer<typeof templateListQuery>, lang: string): TemplateFilter => ({
  projectId: q.projectId,
  isShop: q.isShop === 'true',
  lang,
  moduleType: q.moduleType || undefined,
  templateTitle: q.templateTitle || undefined,
  templateKey: q.templateKey || undefined,
  updateById: q.updateById,
});

const TEMPLATE_COLUMNS: SheetColumn[] = [
  { key: 'templateTitle', header: { zh_CN: '模版标题', en_US: 'Template title' }, width: 40 },
  { key: 'moduleType', header: { zh_CN: '模版类型', en_US: 'Template type' }, width: 16 },
  { key: 'version', header: { zh_CN: '版本', en_US: 'Version' }, width: 10 },
  { key: 'updateBy', header: { zh_CN: '更新人', en_US: 'Updated by' }, width: 16 },
  { key: 'updateTime', header: { zh_CN: '更新时间', en_US: 'Updated' }, width: 20 },
];

/** Report templates of a project, the shop's built-in ones, and templates as files teams share. */
export function registerReportTemplateRoutes(r: Router): void {
  const { db } = r.deps;

  const insertTemplate = async (
    projectId: number,
    userId: number,
    fields: z.infer<typeof reportTemplateCreateBody> | z.infer<typeof reportTemplateFile>,
  ) => {
    const created = await db
      .insertInto('sysReportTemplate')
      .values({
        projectId,
        templateKey: randomUUID(),
        templateTitle: fields.templateTitle,
        templateContent: fields.templateContent,
        moduleType: fields.moduleType ?? null,
        templateIconUrl: 'templateIconUrl' in fields ? (fields.templateIconUrl ?? null) : null,
        majorVersion: fields.majorVersion ?? 1,
        minorVersion: fields.minorVersion ?? 0,
        updateById: userId,
        updateTime: formatDateTime(),
        isShop: 0,
      })
      .returning('templateId')
      .executeTakeFirstOrThrow();
    return findTemplate(db, created.templateId);
  };

  r.get('/system/report/template/list', {
    guard: perm('system:report:list'),
    query: templateListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: reportTemplate,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listTemplates(db, filterOf(ctx.query, ctx.lang), limit, offset);
      return ctx.table(rows, total);
    },
  });

  r.get('/system/report/template/:templateId', {
    guard: perm('system:report:list'),
    params: templateParam,
    scope: ({ params }) => ({ kind: 'reportTemplate', templateId: params.templateId }),
    output: reportTemplate,
    handler: async (ctx) => ctx.ok(await findTemplate(db, ctx.params.templateId)),
  });

  r.post('/system/report/template', {
    guard: perm('system:report:add'),
    body: reportTemplateCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: reportTemplate,
    handler: async (ctx) => ctx.ok(await insertTemplate(ctx.body.projectId, ctx.me.userId, ctx.body)),
  });

  r.put('/system/report/template', {
    guard: perm('system:report:add'),
    body: reportTemplateUpdateBody,
    scope: ({ body }) => ({ kind: 'reportTemplate', templateId: body.templateId, isWrite: true }),
    output: reportTemplate,
    handler: async (ctx) => {
      const { templateId, ...fields } = ctx.body;
      await db
        .updateTable('sysReportTemplate')
        .set({ ...fields, updateById: ctx.me.userId, updateTime: formatDateTime() })
        .where('templateId', '=', templateId)
        .execute();
      return ctx.ok(await findTemplate(db, templateId));
    },
  });

  r.delete('/system/report/template/:templateIds', {
    guard: perm('system:report:add'),
    params: z.object({ templateIds: z.string() }),
    scope: ({ params }) => ({
      kind: 'reportTemplate',
      templateId: parseIds(params.templateIds),
      isWrite: true,
    }),
    handler: async (ctx) => {
      const removed = await db
        .deleteFrom('sysReportTemplate')
        .where('templateId', 'in', parseIds(ctx.params.templateIds))
        .where('projectId', '=', ctx.scoped.projectId)
        .where('isShop', '=', 0)
        .executeTakeFirst();
      return ctx.ok({ removed: Number(removed.numDeletedRows) });
    },
  });

  r.post('/system/report/template/export', {
    guard: authenticated,
    query: templateListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      await enterProjectWith(db, ctx.me, q.projectId, 'system:report:export');
      const { rows, total } = await listTemplates(db, filterOf(q, ctx.lang), EXPORT_MAX_ROWS, 0);
      if (total > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const wb = await buildWorkbook(
        ctx.t('excel.template.sheet'),
        TEMPLATE_COLUMNS,
        rows.map((t) => ({
          templateTitle: t.templateTitle,
          moduleType: t.moduleType,
          version: `${t.majorVersion}.${t.minorVersion}`,
          updateBy: t.updateBy,
          updateTime: t.updateTime,
        })),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.template.export-file')}.xlsx`);
    },
  });

  // One template as a file another team can import.
  r.get('/system/report/template/:templateId/file', {
    guard: perm('system:report:list'),
    params: templateParam,
    scope: ({ params }) => ({ kind: 'reportTemplate', templateId: params.templateId }),
    handler: async (ctx) => {
      const t = await findTemplate(db, ctx.params.templateId);
      if (!t) throw new AppError('report.template.not-found');
      const file = {
        format: TEMPLATE_FILE_FORMAT,
        templateTitle: t.templateTitle,
        templateContent: t.templateContent,
        moduleType: t.moduleType,
        majorVersion: t.majorVersion,
        minorVersion: t.minorVersion,
      };
      const name = encodeURIComponent(`${t.templateTitle}.buglet-template.json`);
      return ctx.reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename*=utf-8''${name}`)
        .header('download-filename', name)
        .send(JSON.stringify(file, null, 2));
    },
  });

  r.post('/system/report/template/import', {
    guard: perm('system:report:add'),
    body: z.object({ projectId: z.number().int().min(1), file: reportTemplateFile }),
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: reportTemplate,
    handler: async (ctx) => ctx.ok(await insertTemplate(ctx.body.projectId, ctx.me.userId, ctx.body.file)),
  });
}
