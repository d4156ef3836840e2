import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { OperLogTable } from '../../db/schema.ts';

export type OperLogRow = Insertable<OperLogTable>;

/** One statement for a batch (the recorder writes at most a few hundred rows at a time). */
export async function insertOperLogs(db: Db, rows: readonly OperLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('sysOperLog').values(rows).execute();
}

/** The department of each operator, for the log's `dept_name`. */
export async function deptNamesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUser as u')
    .innerJoin('sysDept as d', 'd.deptId', 'u.deptId')
    .select(['u.userId', 'd.deptName'])
    .where('u.userId', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.userId, r.deptName]));
}

export interface OperLogFilter {
  /** Modules matched by name (see oper-log-rules.ts modulesNamed), or the text itself. */
  titles?: { modules: string[]; text: string };
  operName?: string;
  operIp?: string;
  businessTypes?: number[];
  status?: number;
  beginTime?: string;
  endTime?: string;
}

function filtered(db: Db, f: OperLogFilter) {
  let q = db.selectFrom('sysOperLog');
  const titles = f.titles;
  if (titles) {
    q = q.where((eb) =>
      eb.or([
        eb('title', 'like', `%${titles.text}%`),
        ...(titles.modules.length > 0 ? [eb('title', 'in', titles.modules)] : []),
      ]),
    );
  }
  if (f.operName) q = q.where('operName', 'like', `%${f.operName}%`);
  if (f.operIp) q = q.where('operIp', 'like', `%${f.operIp}%`);
  if (f.businessTypes && f.businessTypes.length > 0) q = q.where('businessType', 'in', f.businessTypes);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.beginTime) q = q.where('operTime', '>=', f.beginTime);
  if (f.endTime) q = q.where('operTime', '<=', f.endTime.length === 10 ? `${f.endTime} 23:59:59` : f.endTime);
  return q;
}

export type OperLogSort =
  | 'operId'
  | 'operTime'
  | 'operName'
  | 'costTime'
  | 'title'
  | 'businessType'
  | 'status';

export async function listOperLogs(
  db: Db,
  f: OperLogFilter,
  limit: number,
  offset: number,
  order: [OperLogSort, 'asc' | 'desc'],
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy(order[0], order[1])
      .orderBy('operId', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findOperLog(db: Db, operId: number) {
  return db.selectFrom('sysOperLog').selectAll().where('operId', '=', operId).executeTakeFirst();
}

export async function deleteOperLogs(db: Db, ids: readonly number[]): Promise<number> {
  const result = await db.deleteFrom('sysOperLog').where('operId', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function clearOperLogs(db: Db): Promise<void> {
  await db.deleteFrom('sysOperLog').execute();
}
