import {
  CONFIG_KEYS,
  config,
  configBody,
  invalidPolicyValue,
  LIMITS,
  PUBLIC_CONFIG_KEYS,
  pageQuery,
  ResultCode,
} from '@buglet/contracts';
import { z } from 'zod';
import { AppError, echo } from '../../http/errors.ts';
import { authenticated, guardPasses, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { invalidRanges } from '../../lib/outbound.ts';
import { formatDateTime } from '../../lib/time.ts';
import { column, EXPORT_MAX_ROWS, sendListSheet } from '../../lib/xlsx.ts';
import {
  deleteConfigs,
  findConfig,
  findConfigByKey,
  insertConfig,
  listConfigs,
  updateConfig,
} from './configs.repository.ts';
import { passwordProblem } from './password-policy.ts';

const listQuery = pageQuery.extend({
  configName: z.string().optional(),
  configKey: z.string().optional(),
  configType: z.enum(['Y', 'N']).optional(),
  params: z.object({ beginTime: z.string().optional(), endTime: z.string().optional() }).optional(),
});

const CONFIG_COLUMNS = [
  column('configId', '参数主键', 'ID', 10),
  column('configName', '参数名称', 'Name', 30),
  column('configKey', '参数键名', 'Key', 30),
  column('configValue', '参数键值', 'Value', 30),
  column('configType', '系统内置', 'Built-in', 10),
  column('remark', '备注', 'Notes', 40),
];

export function registerConfigRoutes(r: Router): void {
  const { db } = r.deps;

  const assertKeyFree = async (key: string, name: string, selfId?: number) => {
    const clash = await findConfigByKey(db, key);
    if (clash && clash.configId !== selfId) throw new AppError('config.key.exists', [name]);
  };
  /**
   * Values the server would otherwise read past unnoticed are refused when saved: a wrong range in
   * the outbound allow-list, a password policy it cannot read, an initial password that breaks it.
   */
  const assertValueValid = async (key: string, value: string) => {
    const wrong = key === CONFIG_KEYS.outboundAllowRanges ? invalidRanges(value) : [];
    if (wrong.length > 0) throw new AppError('outbound.ranges.invalid', [wrong.join(', ')]);
    const policyValue = invalidPolicyValue(key, value);
    if (policyValue === 'min-length') {
      throw new AppError('config.password-policy.min-length.invalid', [
        LIMITS.password.min,
        LIMITS.password.max,
      ]);
    }
    if (policyValue === 'flag') throw new AppError('config.password-policy.flag.invalid', [key]);
    if (key === CONFIG_KEYS.initPassword && value !== '') {
      const problem =
        value.length < LIMITS.password.min || value.length > LIMITS.password.max
          ? { key: 'user.password.size.exception' as const, args: [] }
          : await passwordProblem(db, value);
      if (problem) throw new AppError('config.init-password.invalid', [problem]);
    }
  };

  r.get('/system/config/list', {
    guard: perm('system:config:list'),
    query: listQuery,
    output: config,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listConfigs(db, { ...ctx.query, ...ctx.query.params }, limit, offset);
      return ctx.table(rows, total);
    },
  });

  r.post('/system/config/export', {
    guard: perm('system:config:export'),
    query: listQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows } = await listConfigs(db, { ...q, ...q.params }, EXPORT_MAX_ROWS + 1, 0);
      const shown = rows.map((x) => ({
        ...x,
        configType: x.configType === 'Y' ? ctx.t('excel.yes') : ctx.t('excel.no'),
      }));
      return sendListSheet(ctx.reply, ctx.lang, ctx.t('excel.config.sheet'), CONFIG_COLUMNS, shown);
    },
  });

  // Values are read straight from the database, so a change applies at once on every instance.
  r.delete('/system/config/refreshCache', {
    guard: perm('system:config:remove'),
    handler: async (ctx) => ctx.ok(),
  });

  // Anyone signed in reads the few settings the web clients need; the others take the right to
  // see the settings page (the initial password of new accounts was read this way and used).
  const mayReadAnyKey = perm('system:config:query', 'system:config:list');
  r.get('/system/config/configKey/:configKey', {
    guard: authenticated,
    params: z.object({ configKey: z.string().min(1).max(100) }),
    handler: async (ctx) => {
      const key = ctx.params.configKey;
      if (!PUBLIC_CONFIG_KEYS.has(key)) {
        const a = await ctx.access();
        if (!guardPasses(mayReadAnyKey, a.permissions, a.roleKeys))
          throw new AppError('config.key.not-readable', [echo(key)], ResultCode.forbidden);
      }
      const found = await findConfigByKey(db, key);
      return { code: ResultCode.success, msg: found?.configValue ?? '' };
    },
  });

  r.get('/system/config/:configId', {
    guard: perm('system:config:query'),
    params: z.object({ configId: z.coerce.number().int().min(1) }),
    output: config,
    handler: async (ctx) => {
      const found = await findConfig(db, ctx.params.configId);
      if (!found) throw new AppError('config.not-found');
      return ctx.ok(found);
    },
  });

  r.post('/system/config', {
    guard: perm('system:config:add'),
    body: configBody,
    handler: async (ctx) => {
      const b = ctx.body;
      await assertKeyFree(b.configKey, b.configName);
      await assertValueValid(b.configKey, b.configValue);
      const configId = await insertConfig(db, {
        configName: b.configName,
        configKey: b.configKey,
        configValue: b.configValue,
        configType: b.configType ?? 'N',
        remark: b.remark ?? null,
        createBy: ctx.me.userName,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      });
      return ctx.ok({ configId });
    },
  });

  r.put('/system/config', {
    guard: perm('system:config:edit'),
    body: configBody.extend({ configId: z.number().int().min(1) }),
    handler: async (ctx) => {
      const b = ctx.body;
      const old = await findConfig(db, b.configId);
      if (!old) throw new AppError('config.not-found');
      await assertKeyFree(b.configKey, b.configName, b.configId);
      await assertValueValid(b.configKey, b.configValue);
      await updateConfig(db, b.configId, {
        configName: b.configName,
        configKey: b.configKey,
        configValue: b.configValue,
        configType: b.configType ?? old.configType,
        remark: b.remark ?? null,
        updateBy: ctx.me.userName,
        updateTime: formatDateTime(),
      });
      return ctx.ok();
    },
  });

  r.delete('/system/config/:configIds', {
    guard: perm('system:config:remove'),
    params: z.object({ configIds: z.string() }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.configIds);
      for (const id of ids) {
        const found = await findConfig(db, id);
        if (found?.configType === 'Y') throw new AppError('config.builtin.cannot-delete', [found.configKey]);
      }
      await deleteConfigs(db, ids);
      return ctx.ok();
    },
  });
}
