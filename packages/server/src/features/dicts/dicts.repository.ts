import type { Db } from '../../db/connect.ts';

export interface DictTypeFilter {
  dictName?: string;
  dictType?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

function filteredTypes(db: Db, f: DictTypeFilter) {
  let q = db.selectFrom('sysDictType');
  if (f.dictName) q = q.where('dictName', 'like', `%${f.dictName}%`);
  if (f.dictType) q = q.where('dictType', 'like', `%${f.dictType}%`);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.beginTime) q = q.where('createTime', '>=', f.beginTime);
  if (f.endTime) q = q.where('createTime', '<=', `${f.endTime} 23:59:59`);
  return q;
}

export async function listDictTypes(db: Db, f: DictTypeFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filteredTypes(db, f).selectAll().orderBy('dictId').limit(limit).offset(offset).execute(),
    filteredTypes(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findDictType(db: Db, dictId: number) {
  return db.selectFrom('sysDictType').selectAll().where('dictId', '=', dictId).executeTakeFirst();
}

export async function findDictTypeByName(db: Db, dictType: string) {
  return db.selectFrom('sysDictType').selectAll().where('dictType', '=', dictType).executeTakeFirst();
}

export async function countDataOfTypes(db: Db, types: string[]) {
  const r = await db
    .selectFrom('sysDictData')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dictType', 'in', types)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface DictDataFilter {
  dictType?: string;
  dictLabel?: string;
  status?: string;
}

function filteredData(db: Db, f: DictDataFilter) {
  let q = db.selectFrom('sysDictData');
  if (f.dictType) q = q.where('dictType', '=', f.dictType);
  if (f.dictLabel) q = q.where('dictLabel', 'like', `%${f.dictLabel}%`);
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

export async function listDictData(db: Db, f: DictDataFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filteredData(db, f)
      .selectAll()
      .orderBy('dictSort')
      .orderBy('dictCode')
      .limit(limit)
      .offset(offset)
      .execute(),
    filteredData(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The enabled entries of one dictionary, in display order: what every choice list reads. */
export async function listDictDataOfType(db: Db, dictType: string) {
  return db
    .selectFrom('sysDictData')
    .selectAll()
    .where('dictType', '=', dictType)
    .where('status', '=', '0')
    .orderBy('dictSort')
    .orderBy('dictCode')
    .execute();
}

export async function findDictData(db: Db, dictCode: number) {
  return db.selectFrom('sysDictData').selectAll().where('dictCode', '=', dictCode).executeTakeFirst();
}

export async function findDictValue(db: Db, dictType: string, dictValue: string) {
  return db
    .selectFrom('sysDictData')
    .select('dictCode')
    .where('dictType', '=', dictType)
    .where('dictValue', '=', dictValue)
    .executeTakeFirst();
}
