import {
  DEFECT_ACTIONS,
  DEFECT_STATE_NAMES,
  DEFECT_TYPES,
  DefectLogType,
  type OpenDefect,
  type OpenMember,
  openDefect,
  openDefectActionBody,
  openDefectCreateBody,
  openDefectListQuery,
  openDefectUpdateBody,
} from '@buglet/contracts';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { apiKey } from '../../http/permission.ts';
import { pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { parseCustomFields } from '../defect-fields/custom-values.ts';
import type { Actor } from '../defects/defect-workflow.ts';
import { handlersOf } from '../defects/defects.repository.ts';
import { actOnDefect, updateDefect } from '../defects/defects.service.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { type ApiCaller, assertWritable } from './api-key.auth.ts';
import {
  accountsOf,
  chooseHandlers,
  defaultHandlersOf,
  membersAmong,
  tellOfUnknownHandlers,
} from './push-handlers.ts';
import { itemOf, memberIdsOf, takeTurn, upsertItems } from './report-push.service.ts';

const LOG_NAMES = new Map(Object.entries(DefectLogType).map(([name, value]) => [value as number, name]));
const defectNumParams = z.object({ defectNum: z.coerce.number().int().min(1) });

/** People by id as the Open API names them: by account, never by id. */
export async function openMembers(db: Db, userIds: readonly number[]): Promise<Map<number, OpenMember>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUser')
    .select(['userId', 'userName', 'nickName', 'email', 'phoneNumber', 'avatar'])
    .where('userId', 'in', [...new Set(userIds)])
    .execute();
  return new Map(
    rows.map((u) => [
      u.userId,
      {
        memberAccount: u.userName,
        memberName: u.nickName,
        email: u.email,
        phoneNumber: u.phoneNumber,
        avatar: u.avatar,
      },
    ]),
  );
}

const splitList = (list: string | null) =>
  (list ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/** Defect rows as the Open API shows them: numbers, paths, accounts, upper-case names. */
export async function toOpenDefects(
  db: Db,
  projectId: number,
  defectIds: readonly number[],
): Promise<OpenDefect[]> {
  if (defectIds.length === 0) return [];
  const ids = [...defectIds];
  const rows = await db.selectFrom('sysDefect').selectAll().where('defectId', 'in', ids).execute();
  const handlers = await handlersOf(db, ids);
  const people = await openMembers(db, [...rows.map((r) => r.createById), ...[...handlers.values()].flat()]);
  const logs = await db
    .selectFrom('sysDefectLog')
    .select(['defectId', 'defectLogType', 'defectLogDescribe', 'createTime'])
    .where('defectId', 'in', ids)
    .orderBy('defectLogId', 'desc')
    .execute();
  const lastLog = new Map<number, (typeof logs)[number]>();
  for (const log of logs) if (!lastLog.has(log.defectId)) lastLog.set(log.defectId, log);
  const pushes = new Map(
    (await db.selectFrom('sysDefectPush').selectAll().where('defectId', 'in', ids).execute()).map((p) => [
      p.defectId,
      p,
    ]),
  );
  const tree = rows.some((r) => r.moduleId) ? await loadTree(db, projectId) : undefined;
  const byId = new Map(rows.map((r) => [r.defectId, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const log = lastLog.get(id);
    const push = pushes.get(id);
    return [
      {
        defectNum: r.projectNum,
        defectName: r.defectName,
        defectDescribe: r.defectDescribe,
        defectType: DEFECT_TYPES[r.defectType] ?? 'BUG',
        defectState: DEFECT_STATE_NAMES[r.defectState] ?? 'PROCESSING',
        defectLevel: r.defectLevel.toUpperCase(),
        deliverablePath: r.moduleId && tree ? tree.pathOf(r.moduleId) || null : null,
        version: r.moduleVersion,
        creator: people.get(r.createById) ?? null,
        handlerList: (handlers.get(id) ?? []).flatMap((u) => people.get(u) ?? []),
        currentLog: log
          ? {
              defectLogState: LOG_NAMES.get(log.defectLogType) ?? String(log.defectLogType),
              defectLogDescribe: log.defectLogDescribe,
              createTime: log.createTime,
            }
          : null,
        imgUrlList: splitList(r.imgUrls),
        annexUrlList: splitList(r.annexUrls),
        defectKey: push?.defectKey ?? null,
        defectGroupKey: push?.defectGroupKey ?? null,
        occurrences: push?.occurrences ?? null,
        customFields: parseCustomFields(r.customFields),
        createTime: r.createTime,
        updateTime: r.updateTime,
      },
    ];
  });
}

/** A live defect of the key's project by its number; another project's number is simply not found. */
async function defectIdOf(db: Db, api: ApiCaller, defectNum: number): Promise<number> {
  const row = await db
    .selectFrom('sysDefect')
    .select('defectId')
    .where('projectId', '=', api.projectId)
    .where('projectNum', '=', defectNum)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw new AppError('api.defect.not-found', [defectNum]);
  return row.defectId;
}

/** A deliverable by its full path (`Web/Checkout`); unknown: refused, naming it. */
export async function moduleIdOf(db: Db, projectId: number, path: string | undefined) {
  if (path === undefined) return undefined;
  const wanted = path
    .split('/')
    .map((p) => p.trim())
    .filter(Boolean)
    .join('/');
  if (!wanted) return null;
  const id = (await loadTree(db, projectId)).paths().get(wanted);
  if (id === undefined) throw new AppError('api.deliverable.not-found', [wanted]);
  return id;
}

/** The key in the workflow: the project's tooling, acting as a manager in the handler's place. */
export const automation = (api: ApiCaller): Actor => ({
  userId: api.userId,
  permissions: new Set(DEFECT_ACTIONS.map((a) => `system:defect:${a}`)),
  isManager: true,
  isAutomation: true,
});

/** The 1.0 Open API's defects (original-backend §13.4): list, read, create (upsert by keys), update, act. */
export function registerOpenDefectRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/api/defect', {
    guard: apiKey('defect:list'),
    rateLimit: 'api-key',
    query: openDefectListQuery,
    output: openDefect,
    handler: async (ctx) => {
      const q = ctx.query;
      const { limit, offset } = pageOf(q);
      let base = db
        .selectFrom('sysDefect as d')
        .where('d.projectId', '=', ctx.api.projectId)
        .where('d.isDeleted', '=', 0);
      if (q.defectNum) base = base.where('d.projectNum', '=', q.defectNum);
      if (q.defectName?.trim()) base = base.where('d.defectName', 'like', `%${q.defectName.trim()}%`);
      if (q.defectType) base = base.where('d.defectType', '=', DEFECT_TYPES.indexOf(q.defectType));
      if (q.version?.trim()) base = base.where('d.moduleVersion', '=', q.version.trim());
      if (q.defectState) base = base.where('d.defectState', '=', DEFECT_STATE_NAMES.indexOf(q.defectState));
      if (q.defectLevel) base = base.where('d.defectLevel', '=', q.defectLevel);
      if (q.handlerAccountList?.length) {
        const handlers = await memberIdsOf(db, ctx.api.projectId, q.handlerAccountList);
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('sysDefectHandler as h')
              .select('h.defectId')
              .whereRef('h.defectId', '=', 'd.defectId')
              .where('h.userId', 'in', handlers),
          ),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .select('d.defectId')
          .orderBy('d.updateTime', 'desc')
          .orderBy('d.defectId', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const defects = await toOpenDefects(
        db,
        ctx.api.projectId,
        rows.map((row) => row.defectId),
      );
      return ctx.table(defects, Number(count.n));
    },
  });

  r.get('/api/defect/:defectNum', {
    guard: apiKey('defect:query'),
    rateLimit: 'api-key',
    params: defectNumParams,
    output: openDefect,
    handler: async (ctx) => {
      const id = await defectIdOf(db, ctx.api, ctx.params.defectNum);
      return ctx.ok((await toOpenDefects(db, ctx.api.projectId, [id]))[0]);
    },
  });

  // Cat2Bug-JUnit's call: one failed test, upserted by its keys or, without keys, by its failure.
  r.post('/api/defect', {
    guard: apiKey('defect:create'),
    rateLimit: 'api-key',
    body: openDefectCreateBody,
    output: openDefect,
    handler: async (ctx) => {
      const b = ctx.body;
      const api = ctx.api;
      assertWritable(api);
      // Reporters push unattended: a handler that is no member (or none at all, `[null]`) files
      // the failure to the key's default handler or unassigned, and the answer says so.
      const accounts = accountsOf(b.handlerAccountList ?? b.handleByList);
      const choice = await chooseHandlers(db, api.projectId, accounts);
      const named = membersAmong(choice, accounts);
      const handlers = named.length > 0 ? named : await defaultHandlersOf(db, api);
      const moduleId = await moduleIdOf(db, api.projectId, b.deliverablePath);
      const item = {
        ...itemOf(
          {
            defectName: b.defectName,
            defectDescribe: b.defectDescribe ?? '',
            defectType: b.defectType ?? null,
            defectLevel: b.defectLevel ?? null,
            moduleVersion: b.version ?? b.moduleVersion ?? null,
            defectGroupKey: b.defectGroupKey ?? null,
            defectKey: b.defectKey ?? null,
            imgUrls: b.imgUrlList?.join(',') ?? null,
            annexUrls: b.annexUrlList?.join(',') ?? null,
            customFields: b.customFields ?? null,
          },
          0,
          handlers,
          ctx.lang,
        ),
        ...(moduleId === undefined ? {} : { moduleId }),
      };
      const outcome = { created: 0, updated: 0, reopened: 0, events: [] as never[] };
      const landed = await db.transaction().execute(async (trx) => {
        await takeTurn(trx, api.projectId);
        return upsertItems(trx, api, [item], ctx.lang, formatDateTime(), outcome);
      });
      for (const event of outcome.events) r.deps.events.emitDefect(event);
      await tellOfUnknownHandlers(r.deps, api, choice.unknown);
      const [defect] = await toOpenDefects(db, api.projectId, landed[0] ?? []);
      return choice.unknown.length > 0
        ? ctx.ok(defect, {
            msg: ctx.t('api.push.handler-unknown', choice.unknown.join(', ')),
            unknownHandlers: choice.unknown,
          })
        : ctx.ok(defect);
    },
  });

  r.put('/api/defect', {
    guard: apiKey('defect:update'),
    rateLimit: 'api-key',
    body: openDefectUpdateBody,
    output: openDefect,
    handler: async (ctx) => {
      const b = ctx.body;
      assertWritable(ctx.api);
      const defectId = await defectIdOf(db, ctx.api, b.defectNum);
      const moduleId = await moduleIdOf(db, ctx.api.projectId, b.deliverablePath);
      await updateDefect(
        r.deps,
        ctx.me,
        { permissions: new Set(['system:defect:edit']) },
        {
          defectId,
          ...(b.defectName === undefined ? {} : { defectName: b.defectName }),
          ...(b.defectDescribe === undefined ? {} : { defectDescribe: b.defectDescribe }),
          ...(b.defectType === undefined ? {} : { defectType: b.defectType }),
          ...(b.defectLevel === undefined ? {} : { defectLevel: b.defectLevel }),
          ...(b.version === undefined ? {} : { moduleVersion: b.version }),
          ...(moduleId === undefined ? {} : { moduleId }),
          ...(b.imgUrlList === undefined ? {} : { imgUrls: b.imgUrlList.join(',') }),
          ...(b.annexUrlList === undefined ? {} : { annexUrls: b.annexUrlList.join(',') }),
          ...(b.customFields === undefined ? {} : { customFields: b.customFields }),
          ...(b.handlerAccountList === undefined
            ? {}
            : { handleBy: await memberIdsOf(db, ctx.api.projectId, b.handlerAccountList) }),
        },
      );
      return ctx.ok((await toOpenDefects(db, ctx.api.projectId, [defectId]))[0]);
    },
  });

  // One route per action, so each is guarded by its own capability.
  for (const action of DEFECT_ACTIONS) {
    r.post(`/api/defect/:defectNum/${action}`, {
      guard: apiKey(`defect:${action}`),
      rateLimit: 'api-key',
      params: defectNumParams,
      body: openDefectActionBody,
      output: openDefect,
      handler: async (ctx) => {
        assertWritable(ctx.api);
        const defectId = await defectIdOf(db, ctx.api, ctx.params.defectNum);
        const receiveBy = await memberIdsOf(db, ctx.api.projectId, ctx.body.handlerAccountList ?? []);
        await actOnDefect(r.deps, ctx.me, automation(ctx.api), defectId, action, {
          receiveBy,
          reason: ctx.body.describe ?? '',
        });
        return ctx.ok((await toOpenDefects(db, ctx.api.projectId, [defectId]))[0]);
      },
    });
  }
}
