import {
  customFieldFilters,
  DEFECT_ACTIONS,
  DEFECT_LEVELS,
  DEFECT_STATE_NAMES,
  DEFECT_TYPES,
  type DefectAction,
  defect,
  defectActionBody,
  defectBulkAnswer,
  defectBulkBody,
  defectCreateBody,
  defectStateOption,
  defectUpdateBody,
  pageQuery,
  queryIdList,
  ResultCode,
} from '@buglet/contracts';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { orderOf, pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { resolveCustomFilters } from '../defect-fields/custom-values.ts';
import { listDeletedDefects, restoreDefects } from './defect-bin.ts';
import { bulkChangeDefects } from './defect-bulk.ts';
import { DEFECT_SORT, type DefectFilter, listShownDefects, statesFrom } from './defect-list.repository.ts';
import { availableActions } from './defect-workflow.ts';
import { findShownDefect, toDefects } from './defects.repository.ts';
import { actOnDefect, actorOf, createDefect, deleteDefects, updateDefect } from './defects.service.ts';

const defectParam = z.object({ defectId: z.coerce.number().int().min(1) });
export const defectListQuery = pageQuery.extend({
  /** Left out (the original's report viewer and template editor), the caller's current project. */
  projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1).optional(),
  defectType: z.enum(DEFECT_TYPES).optional(),
  defectState: z.string().max(12).optional(),
  defectLevel: z.enum(DEFECT_LEVELS).optional(),
  handleBy: queryIdList.optional(),
  moduleId: z.coerce.number().int().min(0).optional(),
  moduleVersion: z.string().max(128).optional(),
  defectName: z.string().max(200).optional(),
  /** The export's columns: the list's visible ones, comma-separated (defect-excel.ts pickColumns). */
  columns: z.string().max(4000).optional(),
  params: z
    .object({
      defectStates: z.string().max(20).optional(),
      keyword: z.string().max(100).optional(),
      userId: z.string().optional(),
      collect: z.string().optional(),
      beginCreateTime: z.string().max(19).optional(),
      endCreateTime: z.string().max(19).optional(),
      beginUpdateTime: z.string().max(19).optional(),
      endUpdateTime: z.string().max(19).optional(),
      calendarStartDate: z.string().max(19).optional(),
      calendarEndDate: z.string().max(19).optional(),
      /** `2`: the recycle bin (deleted defects) instead of the live ones. */
      delFlag: z.enum(['0', '2']).optional(),
      /** 1.0's filters on the project's own fields: JSON `[{fieldKey, op, value}]`. */
      customFieldFilters: customFieldFilters.optional(),
    })
    .optional(),
});
/** The list's query (also the export's form) as a repository filter. */
export async function defectFilterOf(
  db: Db,
  q: z.infer<typeof defectListQuery>,
  projectId: number,
  viewerId: number,
): Promise<DefectFilter> {
  const p = q.params ?? {};
  return {
    customFilters: await resolveCustomFilters(db, projectId, p.customFieldFilters),
    projectId,
    viewerId,
    defectType: q.defectType,
    states: statesFrom(p.defectStates, q.defectState),
    defectLevel: q.defectLevel,
    handleBy: q.handleBy,
    moduleId: q.moduleId,
    moduleVersion: q.moduleVersion,
    defectName: q.defectName,
    keyword: p.keyword,
    isInvolvingMe: Boolean(p.userId),
    isFollowed: Number(p.collect ?? 0) > 0,
    createdFrom: p.beginCreateTime,
    createdTo: p.endCreateTime,
    updatedFrom: p.beginUpdateTime,
    updatedTo: p.endUpdateTime,
    calendarFrom: p.calendarStartDate,
    calendarTo: p.calendarEndDate,
  };
}

const inDefect = ({ params }: { params: { defectId: number } }) => ({
  kind: 'defect' as const,
  defectId: params.defectId,
});
const changingDefect = ({ params }: { params: { defectId: number } }) => ({
  kind: 'defect' as const,
  defectId: params.defectId,
  isWrite: true,
});

export function registerDefectRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/defect/list', {
    guard: perm('system:defect:list'),
    query: defectListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: defect,
    handler: async (ctx) => {
      const q = ctx.query;
      const { limit, offset } = pageOf(q);
      // The recycle bin (1.0's `params[delFlag]=2`): the project's deleted defects, the last deleted first.
      if (q.params?.delFlag === '2') {
        const bin = await listDeletedDefects(db, ctx.scoped.projectId, q.defectName, limit, offset);
        return ctx.table(await toDefects(db, bin.rows, ctx.me.userId), bin.total);
      }
      const order = q.orderByColumn ? orderOf(q, DEFECT_SORT, ['d.updateTime', 'desc']) : undefined;
      const filter = await defectFilterOf(db, q, ctx.scoped.projectId, ctx.me.userId);
      const { rows, total, isTotalCapped } = await listShownDefects(
        db,
        filter,
        limit,
        offset,
        order,
        ctx.me.userId,
      );
      const table = ctx.table(rows, total);
      // A keyword's total stops at KEYWORD_COUNT_CAP: the client shows "1000+".
      return isTotalCapped ? { ...table, totalCapped: true } : table;
    },
  });

  // 1.0's state list (§13.3): each state's wire number, name and words in the caller's language.
  r.get('/system/defect/state', {
    guard: perm('system:defect:query'),
    /** Left out, the caller's current project. */
    query: z.object({ projectId: z.coerce.number().int().min(1).optional() }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: defectStateOption,
    handler: async (ctx) =>
      ctx.ok(
        DEFECT_STATE_NAMES.map((name, value) => ({
          value,
          name,
          label: ctx.t(`defect.state.${value}` as MessageKey),
        })),
      ),
  });

  r.get('/system/defect/:defectId', {
    guard: perm('system:defect:query'),
    params: defectParam,
    scope: inDefect,
    output: defect,
    handler: async (ctx) => {
      // Opening a defect marks the reader as looking at it (the project's members are told) while
      // the defect is read; the answer lists everyone looking. The scope named its project.
      const { defectId } = ctx.params;
      const [found, focusList] = await Promise.all([
        findShownDefect(db, defectId, ctx.me.userId),
        r.deps.focus.open('defect', defectId, ctx.scoped.projectId, ctx.me.userId),
      ]);
      if (!found) {
        // Deleted since the scope saw it: no one is looking at it.
        await r.deps.focus.close('defect', defectId, ctx.me.userId);
        throw new AppError('project.no-permission', [], ResultCode.forbidden);
      }
      const { row, shown } = found;
      const facts = {
        state: row.defectState as never,
        handleBy: shown.handleBy,
        createById: row.createById,
        lastFixerId: row.lastFixerId,
      };
      return ctx.ok({ ...shown, focusList, actions: availableActions(facts, actorOf(ctx.me, ctx.scoped)) });
    },
  });

  r.post('/system/defect/close-edit-window', {
    guard: authenticated,
    handler: async (ctx) => {
      await r.deps.focus.closeAll(ctx.me.userId);
      return ctx.ok();
    },
  });

  // The original's path: the defect's window closed, so the caller no longer looks at it. Only the
  // caller's own marker goes, whatever the id names, so it needs no more than a session.
  r.post('/system/defect/:defectId/close-edit-window', {
    guard: authenticated,
    params: defectParam,
    handler: async (ctx) => {
      await r.deps.focus.close('defect', ctx.params.defectId, ctx.me.userId);
      return ctx.ok();
    },
  });

  r.post('/system/defect', {
    guard: perm('system:defect:add'),
    body: defectCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    handler: async (ctx) => {
      const row = await createDefect(r.deps, ctx.me, ctx.body);
      return ctx.ok((await toDefects(db, [row], ctx.me.userId))[0]);
    },
  });

  r.put('/system/defect', {
    guard: authenticated,
    body: defectUpdateBody,
    scope: ({ body }) => ({ kind: 'defect', defectId: body.defectId, isWrite: true }),
    handler: async (ctx) => {
      await updateDefect(r.deps, ctx.me, ctx.scoped, ctx.body);
      return ctx.ok();
    },
  });

  r.delete('/system/defect/:defectIds', {
    guard: authenticated,
    params: z.object({ defectIds: z.string() }),
    // Every id must be a live defect of one project the caller may enter (the scope checks).
    scope: ({ params }) => ({ kind: 'defect', defectId: parseIds(params.defectIds), isWrite: true }),
    handler: async (ctx) => {
      await deleteDefects(r.deps, ctx.me, ctx.scoped, parseIds(ctx.params.defectIds));
      return ctx.ok();
    },
  });

  // Buglet's bulk change (the list's selection, the grid): one request, an outcome per defect.
  r.post('/system/defect/bulk', {
    guard: authenticated,
    body: defectBulkBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: defectBulkAnswer,
    handler: async (ctx) => {
      const outcomes = await bulkChangeDefects(r.deps, ctx.me, ctx.scoped, ctx.body);
      const results = outcomes.map((o) => ({
        defectId: o.defectId,
        projectNum: o.projectNum,
        ok: o.error === null,
        msg: o.error ? ctx.t(o.error.key, ...o.error.args) : null,
      }));
      const succeeded = results.filter((x) => x.ok).length;
      const failed = results.length - succeeded;
      return {
        code: ResultCode.success,
        msg: ctx.t('defect.bulk.done', succeeded, failed),
        data: { succeeded, failed, results },
      };
    },
  });

  r.put('/system/defect/:defectId/restore', {
    guard: perm('system:defect:remove', 'system:defect:edit', 'system:defect:add'),
    params: defectParam,
    scope: ({ params }) => ({ kind: 'item', item: 'deletedDefect', id: params.defectId, isWrite: true }),
    handler: async (ctx) => {
      await restoreDefects(r.deps, ctx.me, ctx.scoped, [ctx.params.defectId]);
      return ctx.ok();
    },
  });

  r.put('/system/defect/:defectId', {
    guard: perm('system:defect:list', 'system:defect:query'),
    params: defectParam,
    body: z.object({ collect: z.union([z.literal(0), z.literal(1), z.boolean()]) }),
    scope: inDefect,
    handler: async (ctx) => {
      const collect = ctx.body.collect === true || ctx.body.collect === 1 ? 1 : 0;
      await db
        .insertInto('sysUserDefect')
        .values({ defectId: ctx.params.defectId, userId: ctx.me.userId, collect })
        .onConflict((oc) => oc.columns(['defectId', 'userId']).doUpdateSet({ collect }))
        .execute();
      return ctx.ok();
    },
  });

  for (const action of DEFECT_ACTIONS) {
    r.post(`/system/defect/:defectId/${action}`, {
      guard: authenticated,
      params: defectParam,
      body: defectActionBody,
      scope: changingDefect,
      handler: async (ctx) => {
        const request = { receiveBy: ctx.body.receiveBy ?? [], reason: ctx.body.defectLogDescribe ?? '' };
        const logId = await actOnDefect(
          r.deps,
          ctx.me,
          ctx.scoped,
          ctx.params.defectId,
          action as DefectAction,
          request,
        );
        return {
          code: ResultCode.success,
          msg: ctx.t(`defect.success.${action}`),
          data: { defectLogId: logId },
        };
      },
    });
  }
}
