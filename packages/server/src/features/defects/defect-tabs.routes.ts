import { DEFECT_STATE_NAMES, DEFECT_TYPES, DefectState, pageQuery } from '@buglet/contracts';
import { z } from 'zod';
import { enterableProject } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, type MessageKey, translate } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import { parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { MY_TAB } from '../projects/projects.repository.ts';

const tabBody = z.object({
  tabName: z.string({ error: 'tab.name.required' }).trim().min(1, { error: 'tab.name.required' }).max(255),
  projectId: z.number().int().min(1),
  config: z.record(z.string(), z.unknown()).optional(),
  tabSort: z.number().int().min(0).optional(),
});
type TabRow = {
  tabId: number;
  tabName: string;
  projectId: number;
  userId: number;
  config: string;
  tabSort: number;
  createTime: string;
};

/** Saved defect-list tabs: each user's own, in one project; the default one is "Mine" (我的). */
export function registerDefectTabRoutes(r: Router): void {
  const { db } = r.deps;
  const toTab = (row: TabRow, t: (key: MessageKey) => string) => ({
    ...row,
    tabName: row.tabName === MY_TAB ? t('tab.my') : row.tabName,
    config: JSON.parse(row.config) as Record<string, unknown>,
  });
  const myTabs = (projectId: number, userId: number) =>
    db
      .selectFrom('sysProjectDefectTabs')
      .selectAll()
      .where('projectId', '=', projectId)
      .where('userId', '=', userId)
      .orderBy('tabSort')
      .orderBy('tabId')
      .execute();

  // The original's client asks without a projectId: the caller's current project (user config).
  r.get('/system/defect/config', {
    guard: perm('system:defect:list'),
    query: z.object({ projectId: z.coerce.number().int().min(1).optional() }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const tabs = await myTabs(ctx.scoped.projectId, ctx.me.userId);
      return ctx.ok({
        types: DEFECT_TYPES.map((value, key) => ({ key, value })),
        states: DEFECT_STATE_NAMES.map((value, key) => ({ key, value })).filter(
          (s) => s.key !== DefectState.RESOLVED,
        ),
        tabs: tabs.map((x) => toTab(x, ctx.t)),
      });
    },
  });

  r.get('/system/tabs/list', {
    guard: perm('system:defect:list'),
    query: pageQuery.extend({ projectId: z.coerce.number().int().min(1) }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const tabs = (await myTabs(ctx.query.projectId, ctx.me.userId)).map((x) => toTab(x, ctx.t));
      return ctx.table(tabs, tabs.length);
    },
  });

  r.post('/system/tabs', {
    guard: perm('system:defect:list'),
    body: tabBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId }),
    handler: async (ctx) => {
      const row = await db
        .insertInto('sysProjectDefectTabs')
        .values({
          tabName: ctx.body.tabName,
          projectId: ctx.body.projectId,
          userId: ctx.me.userId,
          config: JSON.stringify(ctx.body.config ?? {}),
          tabSort: ctx.body.tabSort ?? 0,
          createTime: formatDateTime(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return ctx.ok(toTab(row, ctx.t));
    },
  });

  const ownTab = async (tabId: number, userId: number) => {
    const row = await db
      .selectFrom('sysProjectDefectTabs')
      .selectAll()
      .where('tabId', '=', tabId)
      .executeTakeFirst();
    if (!row || row.userId !== userId) throw new AppError('tab.not-found');
    return row;
  };

  // One of the caller's own tabs, in a project they may still enter.
  r.get('/system/tabs/:tabId', {
    guard: perm('system:defect:list'),
    params: z.object({ tabId: z.coerce.number().int().min(1) }),
    handler: async (ctx) => {
      const tab = await ownTab(ctx.params.tabId, ctx.me.userId);
      await enterableProject(db, ctx.me.userId, tab.projectId);
      return ctx.ok(toTab(tab, ctx.t));
    },
  });

  r.put('/system/tabs', {
    guard: perm('system:defect:list'),
    body: tabBody.extend({ tabId: z.number().int().min(1) }),
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId }),
    handler: async (ctx) => {
      const tab = await ownTab(ctx.body.tabId, ctx.me.userId);
      // The default tab keeps its marker while it keeps its shown name, so it still follows the language.
      const keepsDefaultName =
        tab.tabName === MY_TAB &&
        ['zh_CN', 'en_US'].some((lang) => translate(lang as Lang, 'tab.my') === ctx.body.tabName);
      await db
        .updateTable('sysProjectDefectTabs')
        .set({
          tabName: keepsDefaultName ? MY_TAB : ctx.body.tabName,
          config: JSON.stringify(ctx.body.config ?? {}),
          tabSort: ctx.body.tabSort ?? 0,
        })
        .where('tabId', '=', ctx.body.tabId)
        .execute();
      return ctx.ok();
    },
  });

  // 1.0's order of the tabs after a drag: each tab with its place; every one must be the caller's.
  r.put('/system/tabs/sort', {
    guard: perm('system:defect:list'),
    body: z
      .array(z.object({ tabId: z.number().int().min(1), tabSort: z.number().int().min(0).max(10_000) }), {
        error: 'tab.sort.invalid',
      })
      .min(1, { error: 'tab.sort.invalid' })
      .max(200, { error: 'tab.sort.invalid' }),
    handler: async (ctx) => {
      for (const { tabId } of ctx.body) await ownTab(tabId, ctx.me.userId);
      await db.transaction().execute(async (trx) => {
        for (const { tabId, tabSort } of ctx.body)
          await trx.updateTable('sysProjectDefectTabs').set({ tabSort }).where('tabId', '=', tabId).execute();
      });
      return ctx.ok();
    },
  });

  r.delete('/system/tabs/:tabIds', {
    guard: perm('system:defect:list'),
    params: z.object({ tabIds: z.string() }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.tabIds);
      for (const id of ids) await ownTab(id, ctx.me.userId);
      await db.deleteFrom('sysProjectDefectTabs').where('tabId', 'in', ids).execute();
      return ctx.ok();
    },
  });
}
