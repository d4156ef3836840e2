import { randomBytes } from 'node:crypto';
import { ResultCode, SUPER_ADMIN_ID, shareBody } from '@buglet/contracts';
import { z } from 'zod';
import { findProjectMembership } from '../../access/scope.repository.ts';
import { AppError } from '../../http/errors.ts';
import { anon, perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { addressKey } from '../../lib/client-address.ts';
import { formatDateTime } from '../../lib/time.ts';
import { listDictDataOfType } from '../dicts/dicts.repository.ts';
import { listDefectLogs, toLogEntries } from './defect-logs.repository.ts';
import { findDefectRow, toDefects } from './defects.repository.ts';
import { checkSharePassword, PASSWORD_REQUIRED, sharePasswordHash } from './share-passwords.ts';

const defectParam = z.object({ defectId: z.coerce.number().int().min(1) });

/** Share links: one per defect and sharer, a stable id, optional expiry and 4-digit password. */
export function registerDefectShareRoutes(r: Router): void {
  const { db } = r.deps;

  const toShare = (
    row: {
      defectShardId: string;
      defectId: number;
      agingHour: number;
      agingAt: number | null;
      passwordHash: string | null;
      defaultLang: string | null;
      createTime: string;
      lockedAt: number | null;
    },
    projectId: number,
  ) => ({
    defectShardId: row.defectShardId,
    defectId: row.defectId,
    projectId,
    agingHour: row.agingHour,
    agingTime: row.agingAt ? formatDateTime(new Date(row.agingAt)) : null,
    hasPassword: row.passwordHash !== null,
    /** Wrong passwords used up its budget: it opens again when shared again. */
    isLocked: row.lockedAt !== null,
    defaultLang: row.defaultLang,
    createTime: row.createTime,
  });

  r.get('/system/defect/:defectId/shard', {
    guard: perm('system:defect:list'),
    params: defectParam,
    scope: ({ params }) => ({ kind: 'defect', defectId: params.defectId }),
    handler: async (ctx) => {
      const row = await db
        .selectFrom('sysDefectShard')
        .selectAll()
        .where('defectId', '=', ctx.params.defectId)
        .where('createById', '=', ctx.me.userId)
        .executeTakeFirst();
      return ctx.ok(row ? toShare(row, ctx.scoped.projectId) : null);
    },
  });

  r.post('/system/defect/:defectId/shard', {
    guard: perm('system:defect:list'),
    params: defectParam,
    body: shareBody,
    scope: ({ params }) => ({ kind: 'defect', defectId: params.defectId }),
    handler: async (ctx) => {
      const now = new Date();
      const existing = await db
        .selectFrom('sysDefectShard')
        .select('defectShardId')
        .where('defectId', '=', ctx.params.defectId)
        .where('createById', '=', ctx.me.userId)
        .executeTakeFirst();
      // Sharing again keeps the id, so a link already handed out stays valid.
      const defectShardId = existing?.defectShardId ?? randomBytes(16).toString('hex');
      const values = {
        passwordHash: ctx.body.password ? sharePasswordHash(defectShardId, ctx.body.password) : null,
        // Sharing again opens a link its wrong guesses locked, with a fresh budget.
        wrongGuesses: 0,
        lockedAt: null,
        agingHour: ctx.body.agingHour,
        agingAt: ctx.body.agingHour > 0 ? now.getTime() + ctx.body.agingHour * 3_600_000 : null,
        defaultLang: ctx.body.defaultLang ?? null,
        updateTime: formatDateTime(now),
      };
      if (existing)
        await db
          .updateTable('sysDefectShard')
          .set(values)
          .where('defectShardId', '=', defectShardId)
          .execute();
      else {
        await db
          .insertInto('sysDefectShard')
          .values({
            defectShardId,
            defectId: ctx.params.defectId,
            createById: ctx.me.userId,
            createTime: formatDateTime(now),
            ...values,
          })
          .execute();
      }
      const row = await db
        .selectFrom('sysDefectShard')
        .selectAll()
        .where('defectShardId', '=', defectShardId)
        .executeTakeFirstOrThrow();
      return ctx.ok(toShare(row, ctx.scoped.projectId));
    },
  });

  r.get('/system/defect/:defectId/shard/:defectShardId', {
    rateLimit: 'sign-in',
    guard: anon,
    params: z.object({
      defectId: z.string(),
      defectShardId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'shard.not-find-defect' }),
    }),
    query: z.object({ password: z.string().max(16).optional() }),
    handler: async (ctx) => {
      const share = await db
        .selectFrom('sysDefectShard')
        .selectAll()
        .where('defectShardId', '=', ctx.params.defectShardId)
        .executeTakeFirst();
      const defectRow = share ? await findDefectRow(db, share.defectId) : undefined;
      if (!share || !defectRow) throw new AppError('shard.not-find-defect');
      if (share.agingAt !== null && share.agingAt < Date.now()) throw new AppError('shard.expire');
      const viewer = ctx.principal;
      const membership = viewer
        ? await findProjectMembership(db, defectRow.projectId, viewer.userId)
        : undefined;
      const isMember =
        viewer?.userId === SUPER_ADMIN_ID || (membership?.userProjectId != null && membership.isLock !== 1);
      if (share.passwordHash && !isMember) {
        if (share.lockedAt !== null) throw new AppError('shard.locked');
        const password = ctx.query.password ?? '';
        if (!password) throw new AppError('shard.input-password', [], ResultCode.error, PASSWORD_REQUIRED);
        await checkSharePassword(
          r.deps,
          {
            ...share,
            passwordHash: share.passwordHash,
            projectId: defectRow.projectId,
            defectNumber: defectRow.projectNum,
            defectName: defectRow.defectName,
          },
          password,
          addressKey(ctx.req.ip),
        );
      }
      // toDefects answers the project's name and the round's timing, as the original's share does.
      const [[defect], { rows: logRows }] = await Promise.all([
        toDefects(db, [defectRow], viewer?.userId ?? 0),
        listDefectLogs(db, { defectId: defectRow.defectId }, { limit: 10, offset: 0 }),
      ]);
      // The original's first page of the history (types by name), without the comments: those
      // are the project's conversation, not part of what is shared.
      const logs = await toLogEntries(db, logRows, false);
      return {
        code: ResultCode.success,
        msg: ctx.t('op.success'),
        data: {
          defect,
          logs,
          defectLevel: await listDictDataOfType(db, 'defect_level'),
          ...(isMember ? { redirect: { projectId: defectRow.projectId, defectId: defectRow.defectId } } : {}),
        },
      };
    },
  });
}
