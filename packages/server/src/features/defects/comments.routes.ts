import { commentBody, commentListQuery, commentUpdateBody, ROLE_IDS } from '@buglet/contracts';
import { z } from 'zod';
import type { ScopedAccess } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import { parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { toComments } from './defect-logs.repository.ts';
import { refreshSearchText } from './defect-search.ts';

/** The original's guard on every comment route: its own permission, or the defect list's. */
const commentGuard = (op: string) =>
  perm(`system:comment:${op}`, 'system:defect:list', 'system:defect:log:list');

/** A project's managers (its administrators and its creator) may remove anyone's comment there. */
const isProjectManager = (scoped: ScopedAccess) =>
  scoped.isSuperAdmin ||
  scoped.roles.some((r) => r.roleId === ROLE_IDS.projectAdmin || r.roleId === ROLE_IDS.projectCreateBy);

/** Comments on a defect's history entries: read by the project, changed by their authors. */
export function registerCommentRoutes(r: Router): void {
  const { db } = r.deps;

  const commentsOf = (ids: readonly number[]) =>
    db
      .selectFrom('sysComment as c')
      .innerJoin('sysDefectLog as l', 'l.defectLogId', 'c.correlationId')
      .selectAll('c')
      .select('l.defectId')
      .where('c.moduleType', '=', 'defect_log')
      .where('c.commentId', 'in', ids)
      .execute();

  r.get('/system/comment/list', {
    guard: commentGuard('list'),
    query: commentListQuery,
    scope: ({ query }) =>
      query.correlationId !== undefined
        ? { kind: 'defectLog', defectLogId: query.correlationId }
        : { kind: 'defect', defectId: query.defectId ?? 0 },
    handler: async (ctx) => {
      const q = ctx.query;
      let base = db
        .selectFrom('sysComment as c')
        .innerJoin('sysDefectLog as l', 'l.defectLogId', 'c.correlationId')
        .where('c.moduleType', '=', 'defect_log');
      if (q.correlationId !== undefined) base = base.where('c.correlationId', '=', q.correlationId);
      if (q.defectId !== undefined) base = base.where('l.defectId', '=', q.defectId);
      if (q.createById !== undefined) base = base.where('c.createById', '=', q.createById);
      const pageSize = q.pageSize ?? 10;
      const [rows, count] = await Promise.all([
        base
          .selectAll('c')
          .orderBy('c.commentId', 'desc')
          .limit(pageSize)
          .offset(((q.pageNum ?? 1) - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ctx.table(await toComments(db, rows), Number(count.n));
    },
  });

  r.get('/system/comment/:commentId', {
    guard: commentGuard('query'),
    params: z.object({ commentId: z.coerce.number().int().min(1) }),
    scope: ({ params }) => ({ kind: 'comment', commentId: params.commentId }),
    handler: async (ctx) => {
      const rows = await commentsOf([ctx.params.commentId]);
      if (rows.length === 0) throw new AppError('comment.not-found');
      return ctx.ok((await toComments(db, rows))[0]);
    },
  });

  r.post('/system/comment', {
    guard: commentGuard('add'),
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
      // The comment and the defect's search text change together: a crash between them would
      // leave the index without the comment (or, for edits and deletions, with old words).
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
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
        await refreshSearchText(trx, log.defectId);
        return inserted;
      });
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

  // Only the author edits a comment; what it answers and when it was written stay as they were.
  r.put('/system/comment', {
    guard: commentGuard('edit'),
    body: commentUpdateBody,
    scope: ({ body }) => ({ kind: 'comment', commentId: body.commentId, isWrite: true }),
    handler: async (ctx) => {
      const [comment] = await commentsOf([ctx.body.commentId]);
      if (!comment) throw new AppError('comment.not-found');
      if (comment.createById !== ctx.me.userId) throw new AppError('comment.not-author');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sysComment')
          .set({ commentContent: ctx.body.commentContent })
          .where('commentId', '=', comment.commentId)
          .execute();
        await refreshSearchText(trx, comment.defectId);
      });
      const [saved] = await commentsOf([comment.commentId]);
      return ctx.ok(saved ? (await toComments(db, [saved]))[0] : undefined);
    },
  });

  // The author, or a manager of the project; for a list, of every one, else none is removed.
  r.delete('/system/comment/:commentIds', {
    guard: commentGuard('remove'),
    params: z.object({ commentIds: z.string() }),
    scope: ({ params }) => ({ kind: 'comment', commentId: parseIds(params.commentIds), isWrite: true }),
    handler: async (ctx) => {
      const ids = [...new Set(parseIds(ctx.params.commentIds))];
      const comments = await commentsOf(ids);
      if (!isProjectManager(ctx.scoped)) {
        const foreign = comments.find((c) => c.createById !== ctx.me.userId);
        if (foreign) throw new AppError('comment.not-author');
      }
      await db.transaction().execute(async (trx) => {
        // Replies stay, no longer pointing at a comment that is gone.
        await trx.updateTable('sysComment').set({ parentId: null }).where('parentId', 'in', ids).execute();
        await trx.deleteFrom('sysComment').where('commentId', 'in', ids).execute();
        for (const defectId of new Set(comments.map((c) => c.defectId))) {
          await refreshSearchText(trx, defectId);
        }
      });
      return ctx.ok({ removed: comments.length });
    },
  });
}
