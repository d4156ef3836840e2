import type { GenColumnBody, GenTable, GenTableBody } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { findDbTable, listDbTables, readDbColumns } from './db-tables.repository.ts';
import {
  deleteGenColumns,
  findGenTable,
  findGenTableByName,
  type GenColumnRow,
  type GenTableRow,
  importedTableNames,
  insertGenColumns,
  insertGenTable,
  listGenColumns,
  updateGenColumn,
  updateGenTable,
} from './gen.repository.ts';
import {
  columnDefaults,
  type DbTable,
  javaTypeOfTs,
  syncedColumn,
  tableDefaults,
  tsTypeOfJava,
} from './gen-columns.ts';
import { generateFiles } from './gen-files.ts';
import { buildModel, parseOptions } from './gen-model.ts';
import { checkTableBody } from './gen-rules.ts';

/** The original answers a table with its options spread out (tree fields, parent menu). */
export function shownTable(row: GenTableRow, columns?: GenColumnRow[]): GenTable {
  const o = parseOptions(row.options);
  return {
    ...row,
    treeCode: o.treeCode ?? null,
    treeParentCode: o.treeParentCode ?? null,
    treeName: o.treeName ?? null,
    parentMenuId: o.parentMenuId ?? null,
    parentMenuName: o.parentMenuName ?? null,
    ...(columns ? { columns } : {}),
  };
}

/** Tables of the database not imported yet, filtered by name and comment (case-insensitive). */
export async function listImportableTables(
  db: Db,
  f: { tableName?: string; tableComment?: string },
  limit: number,
  offset: number,
) {
  const imported = await importedTableNames(db);
  const has = (text: string | null, part: string | undefined) =>
    !part || (text ?? '').toLowerCase().includes(part.toLowerCase());
  const tables = (await listDbTables(db)).filter(
    (t) => !imported.has(t.tableName) && has(t.tableName, f.tableName) && has(t.tableComment, f.tableComment),
  );
  const rows = tables
    .slice(offset, offset + limit)
    .map((t) => ({ ...t, createTime: null, updateTime: null }));
  return { rows, total: tables.length };
}

/** Imports tables with their columns, all or none: a name not in the database, or imported, refuses. */
export async function importTables(db: Db, names: string[], author: string): Promise<void> {
  const imported = await importedTableNames(db);
  const found: Array<{ table: DbTable; columns: Awaited<ReturnType<typeof readDbColumns>> }> = [];
  for (const name of new Set(names)) {
    const table = await findDbTable(db, name);
    if (!table) throw new AppError('gen.table.not-found', [name]);
    if (imported.has(name)) throw new AppError('gen.table.imported', [name]);
    found.push({ table, columns: await readDbColumns(db, name) });
  }
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    for (const { table, columns } of found) {
      const tableId = await insertGenTable(trx, {
        ...tableDefaults(table, author),
        createBy: author,
        createTime: now,
      });
      await insertGenColumns(
        trx,
        columns.map((c) => ({ ...columnDefaults(c), tableId, createBy: author, createTime: now })),
      );
    }
  });
}

export async function loadTable(
  db: Db,
  tableId: number,
): Promise<{ table: GenTableRow; columns: GenColumnRow[] }> {
  const table = await findGenTable(db, tableId);
  if (!table) throw new AppError('gen.not-found', [tableId]);
  return { table, columns: await listGenColumns(db, tableId) };
}

/** Saves the table's settings and its columns' roles, after the checks of `checkTableBody`. */
export async function saveTable(db: Db, body: GenTableBody & { tableId: number }, userName: string) {
  const { table, columns } = await loadTable(db, body.tableId);
  const byId = new Map(columns.map((c) => [c.columnId, c]));
  for (const c of body.columns ?? []) {
    if (!byId.has(c.columnId)) throw new AppError('gen.column.not-found', [c.columnId]);
  }
  const merged = columns.map((c) =>
    mergedColumn(
      c,
      body.columns?.find((b) => b.columnId === c.columnId),
    ),
  );
  const dictTypes = await db.selectFrom('sysDictType').select('dictType').execute();
  checkTableBody(body, merged, new Set(dictTypes.map((d) => d.dictType)));

  const now = formatDateTime();
  const options = { ...parseOptions(table.options), ...body.params };
  await db.transaction().execute(async (trx) => {
    await updateGenTable(trx, table.tableId, {
      tableComment: body.tableComment,
      className: body.className,
      tplCategory: body.tplCategory ?? table.tplCategory,
      packageName: body.packageName,
      moduleName: body.moduleName,
      businessName: body.businessName,
      functionName: body.functionName,
      functionAuthor: body.functionAuthor,
      genType: body.genType ?? table.genType,
      genPath: body.genPath || '/',
      subTableName: body.subTableName ?? null,
      subTableFkName: body.subTableFkName ?? null,
      remark: body.remark ?? null,
      options: JSON.stringify(options),
      updateBy: userName,
      updateTime: now,
    });
    for (const c of merged) {
      const { columnId, tableId: _t, createBy: _b, createTime: _c, ...values } = c;
      await updateGenColumn(trx, columnId, { ...values, updateBy: userName, updateTime: now });
    }
  });
}

/**
 * A column as sent. Both clients send back every field they were given: the type that changed
 * wins, `tsType` (ours) or `javaType` (the original's client, which knows only that one).
 */
function mergedColumn(c: GenColumnRow, b: GenColumnBody | undefined): GenColumnRow {
  if (!b) return c;
  const isPk = c.isPk === '1';
  return {
    ...c,
    ...typesOf(c, b),
    columnComment: b.columnComment === undefined ? c.columnComment : b.columnComment,
    isRequired: isPk ? '0' : (b.isRequired ?? c.isRequired),
    isInsert: b.isInsert ?? c.isInsert,
    isEdit: isPk ? '0' : (b.isEdit ?? c.isEdit),
    isList: b.isList ?? c.isList,
    isQuery: b.isQuery ?? c.isQuery,
    queryType: b.queryType ?? c.queryType,
    htmlType: b.htmlType ?? c.htmlType,
    dictType: b.dictType === undefined ? c.dictType : (b.dictType ?? ''),
    sort: b.sort ?? c.sort,
  };
}

function typesOf(c: GenColumnRow, b: GenColumnBody): Pick<GenColumnRow, 'tsType' | 'javaType'> {
  if (b.tsType !== undefined && b.tsType !== c.tsType)
    return { tsType: b.tsType, javaType: javaTypeOfTs(b.tsType, c.javaType) };
  const fromJava = b.javaType && b.javaType !== c.javaType ? tsTypeOfJava(b.javaType) : undefined;
  if (fromJava) return { tsType: fromJava, javaType: b.javaType ?? null };
  return { tsType: c.tsType, javaType: c.javaType };
}

/**
 * Re-reads the table's columns from the database: new ones are added with the import's defaults,
 * gone ones removed, and the person's choices kept for the others (a changed type takes the new
 * type's defaults).
 */
export async function syncTable(db: Db, tableName: string, userName: string): Promise<void> {
  const table = await findGenTableByName(db, tableName);
  if (!table) throw new AppError('gen.not-found', [tableName]);
  if (!(await findDbTable(db, tableName))) throw new AppError('gen.table.gone', [tableName]);
  const fresh = await readDbColumns(db, tableName);
  const columns = await listGenColumns(db, table.tableId);
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const added = [];
    for (const c of fresh) {
      const defaults = columnDefaults(c);
      const previous = columns.find((p) => p.columnName === c.name);
      if (!previous) {
        added.push({ ...defaults, tableId: table.tableId, createBy: userName, createTime: now });
        continue;
      }
      const {
        columnId,
        tableId: _t,
        createBy: _b,
        createTime: _c,
        updateBy: _u,
        updateTime: _v,
        ...kept
      } = previous;
      await updateGenColumn(trx, columnId, {
        ...syncedColumn(kept, defaults),
        updateBy: userName,
        updateTime: now,
      });
    }
    await insertGenColumns(trx, added);
    const gone = columns.filter((p) => !fresh.some((c) => c.name === p.columnName));
    await deleteGenColumns(
      trx,
      gone.map((c) => c.columnId),
    );
    await updateGenTable(trx, table.tableId, { updateBy: userName, updateTime: now });
  });
}

async function nextMenuId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sysMenu')
    .select((eb) => eb.fn.max('menuId').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/**
 * The code of one table (file path -> text), from its settings and the table as the database has
 * it now; `slot` spaces the menu ids of several tables generated together.
 */
export async function generateTable(db: Db, table: GenTableRow, slot = 0): Promise<Record<string, string>> {
  const columns = await listGenColumns(db, table.tableId);
  if (!(await findDbTable(db, table.tableName))) throw new AppError('gen.table.gone', [table.tableName]);
  const dbColumns = await readDbColumns(db, table.tableName);
  const model = buildModel(table, columns, dbColumns, (await nextMenuId(db)) + slot * 10);
  if ('key' in model) throw new AppError(model.key, [model.arg]);
  return generateFiles(model);
}

export async function generateByName(db: Db, tableName: string, slot = 0) {
  const table = await findGenTableByName(db, tableName);
  if (!table) throw new AppError('gen.not-found', [tableName]);
  return generateTable(db, table, slot);
}
