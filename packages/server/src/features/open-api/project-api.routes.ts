import { randomBytes } from 'node:crypto';
import {
  type ApiFeatures,
  apiIdText,
  pageQuery,
  projectApi,
  projectApiCreateBody,
  projectApiUpdateBody,
  publicApiId,
} from '@buglet/contracts';
import { z } from 'zod';
import { enterProjectWith } from '../../access/scope.ts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { formatDateTime } from '../../lib/time.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import { parseFeatures, parseJsonList } from './api-key.auth.ts';
import { API_KEY_USER_TYPE, apiIdOf, apiKeyHash, newApiKey } from './api-key.ts';
import { keepKeyShown, shownKeys, stopShowingKey } from './api-key-shown.ts';

const apiListQuery = pageQuery.extend({
  projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1),
  apiName: z.string().max(64).optional(),
  expireTime: z.string().max(19).optional(),
});

const API_COLUMNS: SheetColumn[] = [
  { key: 'apiName', header: { zh_CN: 'API名称', en_US: 'Name' }, width: 24 },
  { key: 'apiId', header: { zh_CN: 'API KEY', en_US: 'Key' }, width: 30 },
  { key: 'expireTime', header: { zh_CN: '过期时间', en_US: 'Expires' }, width: 20 },
  { key: 'whiteList', header: { zh_CN: '白名单', en_US: 'IP whitelist' }, width: 30 },
  { key: 'lastUsedTime', header: { zh_CN: '最后使用', en_US: 'Last used' }, width: 20 },
  { key: 'remark', header: { zh_CN: '备注', en_US: 'Notes' }, width: 30 },
];

/** A date alone is valid through that whole day. */
const expiryOf = (value: string | null | undefined) =>
  value ? (value.length === 10 ? `${value} 23:59:59` : value.length === 16 ? `${value}:00` : value) : null;

/** Empty capability lists are dropped; nothing left means every capability. */
function featuresText(features: ApiFeatures | null | undefined): string | null {
  if (!features) return null;
  const kept = Object.fromEntries(
    Object.entries(features).filter(([, actions]) => actions && actions.length > 0),
  );
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}

function listed(db: Db) {
  return db
    .selectFrom('sysProjectApi as a')
    .innerJoin('sysUser as u', 'u.userId', 'a.userId')
    .leftJoin('sysUser as c', 'c.userId', 'a.createById')
    .leftJoin('sysUser as h', 'h.userId', 'a.defaultHandlerId')
    .select([
      'a.apiId',
      'a.projectId',
      'u.nickName as apiName',
      'a.whiteList',
      'a.expireTime',
      'a.remark',
      'a.enabled',
      'a.features',
      'a.lastUsedTime',
      'a.lastUsedIp',
      'a.createTime',
      'c.nickName as createBy',
      'a.defaultHandlerId',
      'h.nickName as defaultHandlerName',
      'a.refusedInRow',
    ])
    .where('u.delFlag', '=', '0');
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number];
const toApi = (row: ListedRow) => ({
  ...row,
  whiteList: parseJsonList(row.whiteList),
  enabled: row.enabled === 1,
  features: parseFeatures(row.features),
});

/** A default handler must be a member of the key's project. */
async function assertMember(db: Db, projectId: number, userId: number | null | undefined) {
  if (userId === null || userId === undefined) return;
  const member = await db
    .selectFrom('sysUserProject')
    .select('userId')
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!member) throw new AppError('api.default-handler.not-member');
}

/** Keys still shown whole carry the whole key as their `apiId` (see api-key-shown.ts). */
async function withShownKeys(db: Db, secrets: SecretBox, rows: ReturnType<typeof toApi>[]) {
  const shown = await shownKeys(
    db,
    secrets,
    rows.map((row) => row.apiId),
  );
  return rows.map((row) => {
    const whole = shown.get(row.apiId);
    return whole
      ? { ...row, apiId: whole.key, keyShownUntil: formatDateTime(new Date(whole.until)) }
      : { ...row, keyShownUntil: null };
  });
}

async function findApi(db: Db, apiId: string) {
  const row = await listed(db).where('a.apiId', '=', apiId).executeTakeFirst();
  if (!row) throw new AppError('api.not-found');
  return toApi(row);
}

async function listApis(db: Db, q: z.infer<typeof apiListQuery>, limit: number, offset: number) {
  let base = listed(db).where('a.projectId', '=', q.projectId);
  const name = q.apiName?.trim();
  if (name) base = base.where('u.nickName', 'like', `%${name}%`);
  if (q.expireTime) base = base.where('a.expireTime', '<=', expiryOf(q.expireTime.slice(0, 10)));
  const [rows, count] = await Promise.all([
    base.orderBy('a.createTime', 'desc').orderBy('a.apiId').limit(limit).offset(offset).execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toApi), total: Number(count.n) };
}

/**
 * A project's API keys (original-backend §5.15): the key is made here, shown once in the answer to
 * the create, and stored only as its hash. Each key is a hidden user (the creator of what it
 * pushes, named after the key), as in the original; deleting the key deletes that user too.
 */
export function registerProjectApiRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/api/list', {
    guard: perm('system:api:list'),
    query: apiListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: projectApi,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listApis(db, ctx.query, limit, offset);
      return ctx.table(await withShownKeys(db, r.deps.secrets, rows), total);
    },
  });

  r.get('/system/api/:apiId', {
    guard: perm('system:api:query', 'system:api:list'),
    params: z.object({ apiId: apiIdText }),
    scope: ({ params }) => ({ kind: 'projectApi', apiId: params.apiId }),
    output: projectApi,
    handler: async (ctx) => {
      const [shown] = await withShownKeys(db, r.deps.secrets, [await findApi(db, ctx.params.apiId)]);
      return ctx.ok(shown);
    },
  });

  r.post('/system/api', {
    guard: perm('system:api:add'),
    body: projectApiCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: projectApi,
    handler: async (ctx) => {
      const b = ctx.body;
      await assertMember(db, b.projectId, b.defaultHandlerId);
      const key = newApiKey();
      const apiId = apiIdOf(key);
      const now = formatDateTime();
      const password = await hashPassword(randomBytes(24).toString('base64url'));
      await db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('sysUser')
          .values({
            deptId: null,
            userName: `api-${apiId}`,
            nickName: b.apiName,
            userType: API_KEY_USER_TYPE,
            email: null,
            phoneNumber: null,
            sex: null,
            avatar: null,
            password,
            // Disabled: the hidden user can never sign in; only its key is used.
            status: '1',
            delFlag: '0',
            loginIp: null,
            loginDate: null,
            createBy: ctx.me.userName,
            createTime: now,
            updateBy: null,
            updateTime: null,
            remark: null,
            dingUserId: null,
            wechatUserId: null,
          })
          .returning('userId')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('sysProjectApi')
          .values({
            apiId,
            projectId: b.projectId,
            userId: user.userId,
            keyHash: apiKeyHash(key),
            whiteList: b.whiteList?.length ? JSON.stringify(b.whiteList) : null,
            expireTime: expiryOf(b.expireTime),
            remark: b.remark ?? null,
            enabled: b.enabled === false ? 0 : 1,
            features: featuresText(b.features),
            lastUsedTime: null,
            lastUsedIp: null,
            createById: ctx.me.userId,
            createTime: now,
            defaultHandlerId: b.defaultHandlerId ?? null,
          })
          .execute();
      });
      await keepKeyShown(db, r.deps.secrets, apiId, key);
      const [created] = await withShownKeys(db, r.deps.secrets, [await findApi(db, apiId)]);
      return ctx.ok({ ...created, apiKey: key });
    },
  });

  r.put('/system/api', {
    guard: perm('system:api:edit'),
    body: projectApiUpdateBody,
    scope: ({ body }) => ({ kind: 'projectApi', apiId: body.apiId, isWrite: true }),
    output: projectApi,
    handler: async (ctx) => {
      const b = ctx.body;
      const row = await db
        .selectFrom('sysProjectApi')
        .select(['userId', 'projectId'])
        .where('apiId', '=', b.apiId)
        .executeTakeFirstOrThrow();
      await assertMember(db, row.projectId, b.defaultHandlerId);
      await db.transaction().execute(async (trx) => {
        if (b.apiName !== undefined)
          await trx
            .updateTable('sysUser')
            .set({ nickName: b.apiName })
            .where('userId', '=', row.userId)
            .execute();
        await trx
          .updateTable('sysProjectApi')
          .set({
            ...(b.whiteList === undefined
              ? {}
              : { whiteList: b.whiteList?.length ? JSON.stringify(b.whiteList) : null }),
            ...(b.expireTime === undefined ? {} : { expireTime: expiryOf(b.expireTime) }),
            ...(b.remark === undefined ? {} : { remark: b.remark }),
            ...(b.enabled === undefined ? {} : { enabled: b.enabled ? 1 : 0 }),
            ...(b.features === undefined ? {} : { features: featuresText(b.features) }),
            ...(b.defaultHandlerId === undefined ? {} : { defaultHandlerId: b.defaultHandlerId }),
          })
          .where('apiId', '=', b.apiId)
          .execute();
      });
      const [updated] = await withShownKeys(db, r.deps.secrets, [await findApi(db, b.apiId)]);
      return ctx.ok(updated);
    },
  });

  // The key's row and its hidden user go together; what the key pushed keeps its creator's name.
  r.delete('/system/api/:apiIds', {
    guard: perm('system:api:remove'),
    params: z.object({
      apiIds: z
        .string()
        .min(1)
        .max(12_000)
        .transform((s) => [...new Set(s.split(',').map((id) => publicApiId(id.trim())))]),
    }),
    scope: ({ params }) => ({ kind: 'projectApi', apiId: params.apiIds, isWrite: true }),
    handler: async (ctx) => {
      const ids = ctx.params.apiIds;
      await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('sysProjectApi')
          .select('userId')
          .where('apiId', 'in', ids)
          .execute();
        await trx.deleteFrom('sysProjectApi').where('apiId', 'in', ids).execute();
        if (rows.length > 0)
          await trx
            .updateTable('sysUser')
            .set({ delFlag: '2' })
            .where(
              'userId',
              'in',
              rows.map((row) => row.userId),
            )
            .execute();
      });
      for (const id of ids) await stopShowingKey(db, id);
      return ctx.ok({ removed: ids.length });
    },
  });

  r.post('/system/api/export', {
    guard: authenticated,
    query: apiListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      await enterProjectWith(db, ctx.me, q.projectId, 'system:api:export');
      const { rows, total } = await listApis(db, q, EXPORT_MAX_ROWS, 0);
      if (total > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const wb = await buildWorkbook(
        ctx.t('excel.api.sheet'),
        API_COLUMNS,
        rows.map((a) => ({
          apiName: a.apiName,
          apiId: a.apiId,
          expireTime: a.expireTime,
          whiteList: a.whiteList.join(', '),
          lastUsedTime: a.lastUsedTime,
          remark: a.remark,
        })),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.api.export-file')}.xlsx`);
    },
  });
}
