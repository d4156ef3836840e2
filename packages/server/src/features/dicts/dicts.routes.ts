import { dictData, dictDataBody, dictType, dictTypeBody, pageQuery } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { column, EXPORT_MAX_ROWS, sendListSheet } from '../../lib/xlsx.ts';
import {
  countDataOfTypes,
  findDictData,
  findDictType,
  findDictTypeByName,
  findDictValue,
  listDictData,
  listDictDataOfType,
  listDictTypes,
} from './dicts.repository.ts';

const status = z.enum(['0', '1']).optional();
const typeQuery = pageQuery.extend({
  dictName: z.string().optional(),
  dictType: z.string().optional(),
  status,
  params: z.object({ beginTime: z.string().optional(), endTime: z.string().optional() }).optional(),
});
const dataQuery = pageQuery.extend({
  dictType: z.string().optional(),
  dictLabel: z.string().optional(),
  status,
});

const TYPE_COLUMNS = [
  column('dictId', '字典编号', 'Dictionary ID', 12),
  column('dictName', '字典名称', 'Dictionary name', 24),
  column('dictType', '字典类型', 'Dictionary type', 24),
  column('status', '状态', 'Status', 10),
  column('remark', '备注', 'Notes', 30),
  column('createTime', '创建时间', 'Created'),
];
const DATA_COLUMNS = [
  column('dictCode', '字典编码', 'Code', 10),
  column('dictSort', '字典排序', 'Order', 10),
  column('dictLabel', '字典标签', 'Label', 20),
  column('dictValue', '字典键值', 'Value', 20),
  column('dictType', '字典类型', 'Dictionary type', 24),
  column('isDefault', '是否默认', 'Default', 10),
  column('status', '状态', 'Status', 10),
  column('remark', '备注', 'Notes', 30),
];
const statusWord = (lang: 'zh_CN' | 'en_US', status: string) =>
  status === '0' ? (lang === 'en_US' ? 'Normal' : '正常') : lang === 'en_US' ? 'Disabled' : '停用';

export function registerDictRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/dict/type/list', {
    guard: perm('system:dict:list'),
    query: typeQuery,
    output: dictType,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listDictTypes(db, { ...ctx.query, ...ctx.query.params }, limit, offset);
      return ctx.table(rows, total);
    },
  });
  r.post('/system/dict/type/export', {
    guard: perm('system:dict:export'),
    query: typeQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows } = await listDictTypes(db, { ...q, ...q.params }, EXPORT_MAX_ROWS + 1, 0);
      const shown = rows.map((x) => ({ ...x, status: statusWord(ctx.lang, x.status) }));
      return sendListSheet(ctx.reply, ctx.lang, ctx.t('excel.dict-type.sheet'), TYPE_COLUMNS, shown);
    },
  });
  r.post('/system/dict/data/export', {
    guard: perm('system:dict:export'),
    query: dataQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows } = await listDictData(db, q, EXPORT_MAX_ROWS + 1, 0);
      const shown = rows.map((x) => ({
        ...x,
        isDefault: x.isDefault === 'Y' ? ctx.t('excel.yes') : ctx.t('excel.no'),
        status: statusWord(ctx.lang, x.status),
      }));
      return sendListSheet(ctx.reply, ctx.lang, ctx.t('excel.dict-data.sheet'), DATA_COLUMNS, shown);
    },
  });
  r.get('/system/dict/type/optionselect', {
    guard: authenticated,
    output: dictType,
    handler: async (ctx) => ctx.ok((await listDictTypes(db, {}, 10_000, 0)).rows),
  });
  r.delete('/system/dict/type/refreshCache', {
    guard: perm('system:dict:remove'),
    // Dictionaries are read from the database on every request, so there is nothing stale to drop.
    handler: async (ctx) => ctx.ok(),
  });
  r.get('/system/dict/type/:dictId', {
    guard: perm('system:dict:query'),
    params: z.object({ dictId: z.coerce.number().int().min(1) }),
    output: dictType,
    handler: async (ctx) => {
      const found = await findDictType(db, ctx.params.dictId);
      if (!found) throw new AppError('dict.not-found');
      return ctx.ok(found);
    },
  });

  const saveType = async (body: z.infer<typeof dictTypeBody>, userName: string) => {
    const clash = await findDictTypeByName(db, body.dictType);
    if (clash && clash.dictId !== body.dictId) throw new AppError('dict.type.exists', [body.dictName]);
    const values = {
      dictName: body.dictName,
      dictType: body.dictType,
      status: body.status ?? '0',
      remark: body.remark ?? null,
    };
    if (body.dictId === undefined) {
      await db
        .insertInto('sysDictType')
        .values({
          ...values,
          createBy: userName,
          createTime: formatDateTime(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
      return;
    }
    const old = await findDictType(db, body.dictId);
    if (!old) throw new AppError('dict.not-found');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sysDictType')
        .set({ ...values, updateBy: userName, updateTime: formatDateTime() })
        .where('dictId', '=', body.dictId ?? 0)
        .execute();
      // Renaming a type carries its entries along.
      if (old.dictType !== body.dictType) {
        await trx
          .updateTable('sysDictData')
          .set({ dictType: body.dictType })
          .where('dictType', '=', old.dictType)
          .execute();
      }
    });
  };
  r.post('/system/dict/type', {
    guard: perm('system:dict:add'),
    body: dictTypeBody,
    handler: async (ctx) => {
      await saveType({ ...ctx.body, dictId: undefined }, ctx.me.userName);
      return ctx.ok();
    },
  });
  r.put('/system/dict/type', {
    guard: perm('system:dict:edit'),
    body: dictTypeBody.extend({ dictId: z.number().int().min(1) }),
    handler: async (ctx) => {
      await saveType(ctx.body, ctx.me.userName);
      return ctx.ok();
    },
  });
  r.delete('/system/dict/type/:dictIds', {
    guard: perm('system:dict:remove'),
    params: z.object({ dictIds: z.string() }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.dictIds);
      const types = await db.selectFrom('sysDictType').selectAll().where('dictId', 'in', ids).execute();
      for (const t of types) {
        if ((await countDataOfTypes(db, [t.dictType])) > 0)
          throw new AppError('dict.type.in-use', [t.dictName]);
      }
      await db.deleteFrom('sysDictType').where('dictId', 'in', ids).execute();
      return ctx.ok();
    },
  });

  r.get('/system/dict/data/list', {
    guard: perm('system:dict:list'),
    query: dataQuery,
    output: dictData,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listDictData(db, ctx.query, limit, offset);
      return ctx.table(rows, total);
    },
  });
  r.get('/system/dict/data/type/:dictType', {
    isOpenBeforePasswordChange: true,
    guard: authenticated,
    params: z.object({ dictType: z.string().min(1).max(100) }),
    output: dictData,
    handler: async (ctx) => ctx.ok(await listDictDataOfType(db, ctx.params.dictType)),
  });
  r.get('/system/dict/data/:dictCode', {
    guard: perm('system:dict:query'),
    params: z.object({ dictCode: z.coerce.number().int().min(1) }),
    output: dictData,
    handler: async (ctx) => {
      const found = await findDictData(db, ctx.params.dictCode);
      if (!found) throw new AppError('dict.not-found');
      return ctx.ok(found);
    },
  });

  const saveData = async (body: z.infer<typeof dictDataBody>, userName: string) => {
    if (!(await findDictTypeByName(db, body.dictType))) throw new AppError('dict.not-found');
    const clash = await findDictValue(db, body.dictType, body.dictValue);
    if (clash && clash.dictCode !== body.dictCode) throw new AppError('dict.value.exists', [body.dictValue]);
    const values = {
      dictSort: body.dictSort ?? 0,
      dictLabel: body.dictLabel,
      dictValue: body.dictValue,
      dictType: body.dictType,
      cssClass: body.cssClass ?? null,
      listClass: body.listClass ?? 'default',
      isDefault: body.isDefault ?? 'N',
      status: body.status ?? '0',
      remark: body.remark ?? null,
    };
    if (body.dictCode === undefined) {
      await db
        .insertInto('sysDictData')
        .values({
          ...values,
          createBy: userName,
          createTime: formatDateTime(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
      return;
    }
    if (!(await findDictData(db, body.dictCode))) throw new AppError('dict.not-found');
    await db
      .updateTable('sysDictData')
      .set({ ...values, updateBy: userName, updateTime: formatDateTime() })
      .where('dictCode', '=', body.dictCode)
      .execute();
  };
  r.post('/system/dict/data', {
    guard: perm('system:dict:add'),
    body: dictDataBody,
    handler: async (ctx) => {
      await saveData({ ...ctx.body, dictCode: undefined }, ctx.me.userName);
      return ctx.ok();
    },
  });
  r.put('/system/dict/data', {
    guard: perm('system:dict:edit'),
    body: dictDataBody.extend({ dictCode: z.number().int().min(1) }),
    handler: async (ctx) => {
      await saveData(ctx.body, ctx.me.userName);
      return ctx.ok();
    },
  });
  r.delete('/system/dict/data/:dictCodes', {
    guard: perm('system:dict:remove'),
    params: z.object({ dictCodes: z.string() }),
    handler: async (ctx) => {
      await db.deleteFrom('sysDictData').where('dictCode', 'in', parseIds(ctx.params.dictCodes)).execute();
      return ctx.ok();
    },
  });
}
