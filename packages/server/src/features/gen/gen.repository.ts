import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { GenTableColumnTable, GenTableTable } from '../../db/schema.ts';

export type GenTableRow = Selectable<GenTableTable>;
export type GenColumnRow = Selectable<GenTableColumnTable>;

export interface GenTableFilter {
  tableName?: string;
  tableComment?: string;
  beginTime?: string;
  endTime?: string;
}

function filtered(db: Db, f: GenTableFilter) {
  let q = db.selectFrom('genTable');
  if (f.tableName) q = q.where(containsText(db, 'table_name', f.tableName));
  if (f.tableComment) q = q.where(containsText(db, 'table_comment', f.tableComment));
  if (f.beginTime) q = q.where('createTime', '>=', f.beginTime);
  if (f.endTime) q = q.where('createTime', '<=', `${f.endTime} 23:59:59`);
  return q;
}

export async function listGenTables(db: Db, f: GenTableFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('tableId', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listAllGenTables(db: Db): Promise<GenTableRow[]> {
  return db.selectFrom('genTable').selectAll().orderBy('tableId').execute();
}

/** Names of the tables already imported, for the database list to leave out. */
export async function importedTableNames(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('genTable').select('tableName').execute();
  return new Set(rows.map((r) => r.tableName));
}

export async function findGenTable(db: Db, tableId: number): Promise<GenTableRow | undefined> {
  return db.selectFrom('genTable').selectAll().where('tableId', '=', tableId).executeTakeFirst();
}

export async function findGenTableByName(db: Db, tableName: string): Promise<GenTableRow | undefined> {
  return db.selectFrom('genTable').selectAll().where('tableName', '=', tableName).executeTakeFirst();
}

export async function listGenColumns(db: Db, tableId: number): Promise<GenColumnRow[]> {
  return db
    .selectFrom('genTableColumn')
    .selectAll()
    .where('tableId', '=', tableId)
    .orderBy('sort')
    .orderBy('columnId')
    .execute();
}

export async function insertGenTable(db: Db, row: Insertable<GenTableTable>): Promise<number> {
  const r = await db.insertInto('genTable').values(row).returning('tableId').executeTakeFirstOrThrow();
  return r.tableId;
}

export async function updateGenTable(db: Db, tableId: number, row: Updateable<GenTableTable>): Promise<void> {
  await db.updateTable('genTable').set(row).where('tableId', '=', tableId).execute();
}

export async function insertGenColumns(db: Db, rows: Insertable<GenTableColumnTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('genTableColumn').values(rows).execute();
}

export async function updateGenColumn(
  db: Db,
  columnId: number,
  row: Updateable<GenTableColumnTable>,
): Promise<void> {
  await db.updateTable('genTableColumn').set(row).where('columnId', '=', columnId).execute();
}

export async function deleteGenColumns(db: Db, columnIds: number[]): Promise<void> {
  if (columnIds.length > 0)
    await db.deleteFrom('genTableColumn').where('columnId', 'in', columnIds).execute();
}

export async function deleteGenTables(db: Db, tableIds: number[]): Promise<number> {
  // Columns first: SQLite enforces the foreign key only with foreign_keys on.
  await db.deleteFrom('genTableColumn').where('tableId', 'in', tableIds).execute();
  const r = await db.deleteFrom('genTable').where('tableId', 'in', tableIds).executeTakeFirst();
  return Number(r.numDeletedRows);
}
