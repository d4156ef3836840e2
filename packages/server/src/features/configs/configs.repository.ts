import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ConfigTable } from '../../db/schema.ts';

export type ConfigRow = Selectable<ConfigTable>;

export async function findConfigValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sysConfig')
    .select('configValue')
    .where('configKey', '=', key)
    .executeTakeFirst();
  return row?.configValue;
}

export interface ConfigFilter {
  configName?: string;
  configKey?: string;
  configType?: string;
  beginTime?: string;
  endTime?: string;
}

function filtered(db: Db, f: ConfigFilter) {
  let q = db.selectFrom('sysConfig');
  if (f.configName) q = q.where('configName', 'like', `%${f.configName}%`);
  if (f.configKey) q = q.where('configKey', 'like', `%${f.configKey}%`);
  if (f.configType) q = q.where('configType', '=', f.configType);
  if (f.beginTime) q = q.where('createTime', '>=', f.beginTime);
  if (f.endTime) q = q.where('createTime', '<=', `${f.endTime} 23:59:59`);
  return q;
}

export async function listConfigs(db: Db, f: ConfigFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('configId').limit(limit).offset(offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findConfig(db: Db, configId: number) {
  return db.selectFrom('sysConfig').selectAll().where('configId', '=', configId).executeTakeFirst();
}

export async function findConfigByKey(db: Db, key: string) {
  return db.selectFrom('sysConfig').selectAll().where('configKey', '=', key).executeTakeFirst();
}

export async function insertConfig(db: Db, row: Omit<ConfigRow, 'configId'>) {
  const r = await db.insertInto('sysConfig').values(row).returning('configId').executeTakeFirstOrThrow();
  return r.configId;
}

export async function updateConfig(db: Db, configId: number, row: Partial<Omit<ConfigRow, 'configId'>>) {
  await db.updateTable('sysConfig').set(row).where('configId', '=', configId).execute();
}

export async function deleteConfigs(db: Db, ids: number[]) {
  await db.deleteFrom('sysConfig').where('configId', 'in', ids).execute();
}
