import { commentBody, DefectLogType } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { refreshSearchText } from './defect-search.ts';
import { usersByIds } from './defects.repository.ts';

const LOG_TYPE_NAMES = Object.fromEntries(
  Object.entries(DefectLogType).map(([name, value]) => [value, name]),
);

/** The history of a defect with its comments, newest first: the defect view's timeline. */
export function registerDefectLogRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/log/list', {
    guard: perm('system:defect:list'),
    query: z.object({ defectId: z.coerce.number().int().min(1) }),
    scope: ({ query }) => ({ kind: 'defect', defectId: query.defectId }),
    handler: async (ctx) => {
      const logs = await db
        .selectFrom('sysDefectLog')
        .selectAll()
        .where('defectId', '=', ctx.query.defectId)
        .orderBy('defectLogId', 'desc')
        .execute();
      const comments = logs.length
        ? await db
            .selectFrom('sysComment')
            .selectAll()
            .where('moduleType', '=', 'defect_log')
            .where(
              'correlationId',
              'in',
              logs.map((l) => l.defectLogId),
            )
            .orderBy('commentId', 'desc')
            .execute()
        : [];
      const receivers = logs.map((l) => JSON.parse(l.receiveBy) as number[]);
      const users = await usersByIds(db, [
        ...logs.map((l) => l.createById),
        ...receivers.flat(),
        ...comments.map((c) => c.createById),
      ]);
      const rows = logs.map((l, i) => {
        const author = users.get(l.createById);
        const receiveBy = receivers[i] ?? [];
        return {
          defectLogId: l.defectLogId,
          defectId: l.defectId,
          defectLogType: LOG_TYPE_NAMES[l.defectLogType] ?? 'UPDATE',
          defectLogTypeName: LOG_TYPE_NAMES[l.defectLogType] ?? 'UPDATE',
          defectLogDescribe: l.defectLogDescribe,
          receiveBy,
          receiveByList: receiveBy.flatMap((id) => users.get(id) ?? []),
          createBy: String(l.createById),
          createByName: author?.nickName ?? null,
          createByAvatar: author?.avatar ?? null,
          createTime: l.createTime,
          commentList: comments
            .filter((c) => c.correlationId === l.defectLogId)
            .map((c) => ({
              commentId: c.commentId,
              commentContent: c.commentContent,
              parentId: c.parentId,
              createById: c.createById,
              createMember: users.get(c.createById) ?? null,
              createTime: c.createTime,
            })),
        };
      });
      return ctx.table(rows, rows.length);
    },
  });

  r.post('/system/comment', {
    guard: perm('system:defect:list'),
    body: commentBody,
    scope: ({ body }) => ({ kind: 'defectLog', defectLogId: body.correlationId }),
    handler: async (ctx) => {
      const log = await db
        .selectFrom('sysDefectLog')
        .select('defectId')
        .where('defectLogId', '=', ctx.body.correlationId)
        .executeTakeFirstOrThrow();
      // A reply answers a comment on the same defect, never one elsewhere.
      if (ctx.body.parentId) {
        const parent = await db
          .selectFrom('sysComment as c')
          .innerJoin('sysDefectLog as l', 'l.defectLogId', 'c.correlationId')
          .select('c.commentId')
          .where('c.commentId', '=', ctx.body.parentId)
          .where('c.moduleType', '=', 'defect_log')
          .where('l.defectId', '=', log.defectId)
          .executeTakeFirst();
        if (!parent) throw new AppError('comment.parent.not-found', [ctx.body.parentId]);
      }
      const row = await db
        .insertInto('sysComment')
        .values({
          commentContent: ctx.body.commentContent,
          moduleType: 'defect_log',
          correlationId: ctx.body.correlationId,
          parentId: ctx.body.parentId ?? null,
          createById: ctx.me.userId,
          createTime: formatDateTime(),
        })
        .returning('commentId')
        .executeTakeFirstOrThrow();
      await refreshSearchText(db, log.defectId);
      r.deps.events.emitDefect({
        type: 'commented',
        defectId: log.defectId,
        projectId: ctx.scoped.projectId,
        actorId: ctx.me.userId,
        receivers: [],
      });
      return ctx.ok({ commentId: row.commentId });
    },
  });
}
