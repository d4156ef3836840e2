import {
  DefectLogType,
  defectLogCreateBody,
  defectLogListQuery,
  defectLogUpdateBody,
  ResultCode,
} from '@buglet/contracts';
import { z } from 'zod';
import { findDefectProjectIds } from '../../access/scope.repository.ts';
import { enterProjectWith } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { column, EXPORT_MAX_ROWS, sendListSheet } from '../../lib/xlsx.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import { registerCommentRoutes } from './comments.routes.ts';
import {
  type DefectLogRow,
  findDefectLog,
  listDefectLogs,
  logTypeOf,
  toLogEntries,
} from './defect-logs.repository.ts';
import { refreshSearchText } from './defect-search.ts';

const LOG_COLUMNS = [
  column('createTime', '时间', 'Time'),
  column('type', '操作', 'Action', 14),
  column('createByName', '操作人', 'By', 16),
  column('receivers', '接收人', 'To', 24),
  column('defectLogDescribe', '说明', 'Note', 60),
];
/** The action names of the export, as the defect view words them. */
const TYPE_WORDS: Record<string, [string, string]> = {
  CREATE: ['创建', 'Created'],
  ASSIGN: ['指派', 'Assigned'],
  REJECT: ['驳回', 'Rejected'],
  PASS: ['通过', 'Approved'],
  REJECTED: ['驳回', 'Sent back'],
  REPAIR: ['修复', 'Fixed'],
  CLOSED: ['关闭', 'Closed'],
  OPEN: ['重新打开', 'Reopened'],
  UPDATE: ['修改', 'Edited'],
  IMPORT: ['导入', 'Imported'],
  DELETE: ['删除', 'Deleted'],
  RESTORE: ['恢复', 'Restored'],
  NOTE: ['备注', 'Note'],
};
const typeWord = (name: string, lang: Lang) => TYPE_WORDS[name]?.[lang === 'en_US' ? 1 : 0] ?? name;

/**
 * The rule that keeps the history trustworthy: an entry written by the workflow (created,
 * assigned, fixed…) is never changed or removed by hand; a NOTE, the one kind written by hand,
 * only by its author.
 */
function assertOwnNote(log: DefectLogRow, userId: number) {
  if (log.defectLogType !== DefectLogType.NOTE) throw new AppError('defect.log.immutable');
  if (log.createById !== userId) throw new AppError('defect.log.not-author');
}

/** Whoever a note is addressed to must be a member of the defect's project. */
async function assertMembers(r: Router, projectId: number, userIds: readonly number[] | undefined) {
  if (!userIds?.length) return;
  const members = new Set(await projectMemberIds(r.deps.db, projectId));
  const stranger = userIds.find((id) => !members.has(id));
  if (stranger !== undefined) throw new AppError('defect.log.receiver.not-member', [stranger]);
}

/**
 * A defect's history (`/system/log`): the timeline with its comments, one entry, the notes people
 * add by hand, and the Excel of it. The original guards the writes with `system:defect:log:*`,
 * which it grants to no role, so only the super administrator writes notes unless a role is given
 * them; reading follows the defect list.
 */
export function registerDefectLogRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/log/list', {
    guard: perm('system:defect:list', 'system:defect:log:list'),
    query: defectLogListQuery,
    scope: ({ query }) => ({ kind: 'defect', defectId: query.defectId }),
    handler: async (ctx) => {
      const q = ctx.query;
      const type = q.defectLogType ? logTypeOf(q.defectLogType) : undefined;
      if (q.defectLogType && type === undefined)
        throw new AppError('defect.log.type.invalid', [q.defectLogType]);
      // Without a page the whole history (the web's timeline); with one, that page (the original's clients).
      const page = q.pageSize
        ? { limit: q.pageSize, offset: ((q.pageNum ?? 1) - 1) * q.pageSize }
        : undefined;
      const { rows, total } = await listDefectLogs(
        db,
        { defectId: q.defectId, type, receiveBy: q.receiveBy },
        page,
      );
      return ctx.table(await toLogEntries(db, rows), total);
    },
  });

  r.get('/system/log/:defectLogId', {
    guard: perm('system:defect:log:query', 'system:defect:list'),
    params: z.object({ defectLogId: z.coerce.number().int().min(1) }),
    scope: ({ params }) => ({ kind: 'defectLog', defectLogId: params.defectLogId }),
    handler: async (ctx) => {
      const log = await findDefectLog(db, ctx.params.defectLogId);
      if (!log) throw new AppError('defect.log.not-found');
      return ctx.ok((await toLogEntries(db, [log]))[0]);
    },
  });

  r.post('/system/log', {
    guard: perm('system:defect:log:add'),
    body: defectLogCreateBody,
    scope: ({ body }) => ({ kind: 'defect', defectId: body.defectId, isWrite: true }),
    handler: async (ctx) => {
      const receiveBy = [...new Set(ctx.body.receiveBy ?? [])];
      await assertMembers(r, ctx.scoped.projectId, receiveBy);
      const row = await db
        .insertInto('sysDefectLog')
        .values({
          defectId: ctx.body.defectId,
          defectLogType: DefectLogType.NOTE,
          defectLogDescribe: ctx.body.defectLogDescribe,
          receiveBy: JSON.stringify(receiveBy),
          createById: ctx.me.userId,
          createTime: formatDateTime(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return ctx.ok((await toLogEntries(db, [row]))[0]);
    },
  });

  r.put('/system/log', {
    guard: perm('system:defect:log:edit'),
    body: defectLogUpdateBody,
    scope: ({ body }) => ({ kind: 'defectLog', defectLogId: body.defectLogId, isWrite: true }),
    handler: async (ctx) => {
      const log = await findDefectLog(db, ctx.body.defectLogId);
      if (!log) throw new AppError('defect.log.not-found');
      assertOwnNote(log, ctx.me.userId);
      const receiveBy = ctx.body.receiveBy ? [...new Set(ctx.body.receiveBy)] : undefined;
      await assertMembers(r, ctx.scoped.projectId, receiveBy);
      await db
        .updateTable('sysDefectLog')
        .set({
          ...(ctx.body.defectLogDescribe === undefined
            ? {}
            : { defectLogDescribe: ctx.body.defectLogDescribe }),
          ...(receiveBy === undefined ? {} : { receiveBy: JSON.stringify(receiveBy) }),
        })
        .where('defectLogId', '=', log.defectLogId)
        .execute();
      const saved = await findDefectLog(db, log.defectLogId);
      return ctx.ok(saved ? (await toLogEntries(db, [saved]))[0] : undefined);
    },
  });

  r.delete('/system/log/:defectLogIds', {
    guard: perm('system:defect:log:remove'),
    params: z.object({ defectLogIds: z.string() }),
    // Every entry must be of one project the caller may enter (the scope), and each one a note
    // of the caller's (checked below): otherwise nothing is deleted.
    scope: ({ params }) => ({ kind: 'defectLog', defectLogId: parseIds(params.defectLogIds), isWrite: true }),
    handler: async (ctx) => {
      const ids = [...new Set(parseIds(ctx.params.defectLogIds))];
      const logs = await db.selectFrom('sysDefectLog').selectAll().where('defectLogId', 'in', ids).execute();
      for (const log of logs) assertOwnNote(log, ctx.me.userId);
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sysComment')
          .where('moduleType', '=', 'defect_log')
          .where('correlationId', 'in', ids)
          .execute();
        await trx.deleteFrom('sysDefectLog').where('defectLogId', 'in', ids).execute();
        // In the same transaction: the index must not keep the words of comments that are gone.
        for (const defectId of new Set(logs.map((l) => l.defectId))) await refreshSearchText(trx, defectId);
      });
      return ctx.ok({ removed: logs.length });
    },
  });

  // The filters come as the list's query string or, as the original's client sends them, a form.
  r.post('/system/log/export', {
    guard: authenticated,
    query: defectLogListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const [projectId] = await findDefectProjectIds(db, [q.defectId]);
      if (projectId === undefined) throw new AppError('project.no-permission', [], ResultCode.forbidden);
      await enterProjectWith(db, ctx.me, projectId, 'system:defect:log:export');
      const type = q.defectLogType ? logTypeOf(q.defectLogType) : undefined;
      const { rows } = await listDefectLogs(
        db,
        { defectId: q.defectId, type, receiveBy: q.receiveBy },
        { limit: EXPORT_MAX_ROWS + 1, offset: 0 },
      );
      const entries = await toLogEntries(db, rows, false);
      return sendListSheet(
        ctx.reply,
        ctx.lang,
        ctx.t('excel.defect-log.sheet'),
        LOG_COLUMNS,
        entries.map((e) => ({
          createTime: e.createTime,
          type: typeWord(e.defectLogType, ctx.lang),
          createByName: e.createByName,
          receivers: e.receiveByList.map((u) => u.nickName).join('/'),
          defectLogDescribe: e.defectLogDescribe,
        })),
      );
    },
  });

  registerCommentRoutes(r);
}
