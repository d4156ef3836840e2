import type { Dept } from '@buglet/contracts';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { DeptTable } from '../../db/schema.ts';
import { DeptTree } from './dept-tree.ts';

export type DeptRow = Selectable<DeptTable>;

export const toDept = (d: DeptRow, parentName?: string | null): Dept => ({
  deptId: d.deptId,
  parentId: d.parentId,
  ancestors: d.ancestors,
  deptName: d.deptName,
  orderNum: d.orderNum,
  leader: d.leader,
  phone: d.phone,
  email: d.email,
  status: d.status,
  delFlag: d.delFlag,
  createTime: d.createTime,
  ...(parentName === undefined ? {} : { parentName }),
});

export interface DeptFilter {
  deptName?: string;
  status?: string;
}

/** Live departments, parents before children and siblings in order (the original's list order). */
export async function listDepts(db: Db, f: DeptFilter = {}): Promise<DeptRow[]> {
  let q = db.selectFrom('sysDept').selectAll().where('delFlag', '=', '0');
  if (f.deptName) q = q.where(containsText(db, 'deptName', f.deptName));
  if (f.status) q = q.where('status', '=', f.status);
  return q.orderBy('parentId').orderBy('orderNum').orderBy('deptId').execute();
}

export async function loadDeptTree(db: Db): Promise<DeptTree<DeptRow>> {
  return new DeptTree(await listDepts(db));
}

/** The advisory-lock class of department changes. */
const DEPT_LOCK = 7302;

/**
 * Changes to the tree take turns, so two moves at once cannot close a cycle between them.
 * SQLite writes one transaction at a time anyway; PostgreSQL is told to.
 */
export async function loadDeptTreeForChange(trx: Db): Promise<DeptTree<DeptRow>> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${DEPT_LOCK})`.execute(trx);
  return loadDeptTree(trx);
}

export async function findDept(db: Db, deptId: number): Promise<DeptRow | undefined> {
  return db
    .selectFrom('sysDept')
    .selectAll()
    .where('deptId', '=', deptId)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
}

export async function insertDept(db: Db, row: Insertable<DeptTable>): Promise<number> {
  const r = await db.insertInto('sysDept').values(row).returning('deptId').executeTakeFirstOrThrow();
  return r.deptId;
}

export async function updateDept(db: Db, deptId: number, row: Updateable<DeptTable>): Promise<void> {
  await db.updateTable('sysDept').set(row).where('deptId', '=', deptId).execute();
}

/** Soft delete, as the original: the row stays with `del_flag = '2'`. */
export async function markDeptDeleted(db: Db, deptId: number, by: string, at: string): Promise<void> {
  await db
    .updateTable('sysDept')
    .set({ delFlag: '2', updateBy: by, updateTime: at })
    .where('deptId', '=', deptId)
    .execute();
  await db.deleteFrom('sysRoleDept').where('deptId', '=', deptId).execute();
}

/** People (not deleted, API-key users included: they are rows of sys_user too) in the department. */
export async function countDeptUsers(db: Db, deptId: number): Promise<number> {
  const r = await db
    .selectFrom('sysUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deptId', '=', deptId)
    .where('delFlag', '=', '0')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Departments by id, for showing each person's department in lists. */
export async function deptsByIds(db: Db, ids: readonly number[]): Promise<Map<number, DeptRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysDept')
    .selectAll()
    .where('deptId', 'in', unique)
    .where('delFlag', '=', '0')
    .execute();
  return new Map(rows.map((r) => [r.deptId, r]));
}
