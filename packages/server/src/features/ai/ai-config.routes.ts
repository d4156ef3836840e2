import { aiConfigExportQuery, aiConfigRow } from '@buglet/contracts';
import { z } from 'zod';
import { type MessageKey, translate } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import { parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { buildWorkbook, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import { deleteAiConfigs, findAiConfigRow, listAiConfigRows } from './ai.repository.ts';

/** The two models are named as the web's AI page names them, so the words live in the messages. */
const modelColumn = (key: string, label: MessageKey): SheetColumn => ({
  key,
  header: { zh_CN: translate('zh_CN', label), en_US: translate('en_US', label) },
  width: 24,
});

const COLUMNS: SheetColumn[] = [
  { key: 'aiId', header: { zh_CN: '编号', en_US: 'ID' }, width: 10 },
  { key: 'projectId', header: { zh_CN: '项目编号', en_US: 'Project ID' }, width: 12 },
  { key: 'aiUrl', header: { zh_CN: 'AI服务器地址', en_US: 'AI server' }, width: 36 },
  modelColumn('businessModule', 'excel.ai.business-model'),
  modelColumn('imageModule', 'excel.ai.image-model'),
  { key: 'createTime', header: { zh_CN: '创建时间', en_US: 'Created' }, width: 20 },
  { key: 'updateTime', header: { zh_CN: '更新时间', en_US: 'Updated' }, width: 20 },
];

/**
 * A project's AI settings row by id, as the original's RuoYi-generated controller serves it
 * (`/system/ai/{aiId}`, `/system/ai/{aiIds}`, `/system/ai/export`). The row stands for its project:
 * only its members with the permission there reach it. Deleting a row puts the project back on
 * the platform's server and default models.
 */
export function registerAiConfigRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/ai/:aiId', {
    guard: perm('system:ai:query'),
    params: z.object({ aiId: z.coerce.number().int().min(1) }),
    scope: ({ params }) => ({ kind: 'aiConfig', aiId: params.aiId }),
    output: aiConfigRow,
    handler: async (ctx) => ctx.ok(await findAiConfigRow(db, ctx.params.aiId)),
  });

  r.delete('/system/ai/:aiIds', {
    guard: perm('system:ai:remove'),
    params: z.object({ aiIds: z.string() }),
    // Every id must name a row of one project the caller manages, or nothing is deleted.
    scope: ({ params }) => ({ kind: 'aiConfig', aiId: parseIds(params.aiIds), isWrite: true }),
    handler: async (ctx) => {
      await deleteAiConfigs(db, ctx.scoped.projectId, parseIds(ctx.params.aiIds));
      return ctx.ok();
    },
  });

  // The original's generic export: the list's filters as form fields (or query parameters).
  r.post('/system/ai/export', {
    guard: perm('system:ai:export'),
    query: aiConfigExportQuery,
    isQueryAlsoInBody: true,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const rows = await listAiConfigRows(db, ctx.scoped.projectId, ctx.query);
      const wb = await buildWorkbook(ctx.t('excel.ai.sheet'), COLUMNS, rows, ctx.lang);
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.ai.export-file')}.xlsx`);
    },
  });
}
