import { DEFECT_STATE_NAMES, DEFECT_TYPES, type Defect, ROLE_IDS } from '@buglet/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { DefectTable } from '../../db/schema.ts';

export type DefectRow = Selectable<DefectTable>;
export type UserBrief = { userId: number; userName: string; nickName: string; avatar: string | null };

/** The next number of a kind (defect, case…) in a project: one atomic upsert, race-free. */
export async function allocateNumber(db: Db, projectId: number, kind: string): Promise<number> {
  return allocateNumbers(db, projectId, kind, 1);
}

/** Reserves `count` consecutive numbers at once (imports); answers the first. */
export async function allocateNumbers(
  db: Db,
  projectId: number,
  kind: string,
  count: number,
): Promise<number> {
  const { rows } = await sql<{ counter: number }>`
    insert into sys_project_counter (project_id, kind, counter) values (${projectId}, ${kind}, ${count})
    on conflict (project_id, kind) do update set counter = sys_project_counter.counter + ${count}
    returning counter`.execute(db);
  const counter = rows[0]?.counter;
  if (counter === undefined) throw new Error('counter allocation returned nothing');
  return Number(counter) - count + 1;
}

export async function findDefectRow(db: Db, defectId: number) {
  return db
    .selectFrom('sysDefect')
    .selectAll()
    .where('defectId', '=', defectId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

export async function handlersOf(db: Db, defectIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (defectIds.length === 0) return out;
  const rows = await db
    .selectFrom('sysDefectHandler')
    .select(['defectId', 'userId'])
    .where('defectId', 'in', defectIds)
    .orderBy('defectId')
    .orderBy('position')
    .execute();
  for (const r of rows) out.set(r.defectId, [...(out.get(r.defectId) ?? []), r.userId]);
  return out;
}

export async function replaceHandlers(db: Db, defectId: number, userIds: number[]) {
  await db.deleteFrom('sysDefectHandler').where('defectId', '=', defectId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('sysDefectHandler')
    .values(unique.map((userId, position) => ({ defectId, userId, position })))
    .execute();
}

export async function usersByIds(db: Db, ids: number[]): Promise<Map<number, UserBrief>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUser')
    .select(['userId', 'userName', 'nickName', 'avatar'])
    .where('userId', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function collectedBy(db: Db, userId: number, defectIds: number[]): Promise<Set<number>> {
  if (defectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserDefect')
    .select('defectId')
    .where('userId', '=', userId)
    .where('collect', '=', 1)
    .where('defectId', 'in', defectIds)
    .execute();
  return new Set(rows.map((r) => r.defectId));
}

/** Members of the project and, among them, its testers (the pool of reviewers). */
export async function projectPeople(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .leftJoin('sysUserProjectRole as upr', (j) =>
      j.onRef('upr.userProjectId', '=', 'up.userProjectId').on('upr.roleId', '=', ROLE_IDS.projectTester),
    )
    .select(['up.userId', 'upr.roleId'])
    .where('up.projectId', '=', projectId)
    .where('u.delFlag', '=', '0')
    .execute();
  return {
    members: new Set(rows.map((r) => r.userId)),
    testers: new Set(rows.filter((r) => r.roleId !== null).map((r) => r.userId)),
  };
}

/** Rows to wire shape, with handlers, their names, deliverable names and the caller's star, in four queries. */
export async function toDefects(db: Db, rows: DefectRow[], viewerId: number): Promise<Defect[]> {
  const ids = rows.map((r) => r.defectId);
  const handlers = await handlersOf(db, ids);
  const users = await usersByIds(db, [...handlers.values()].flat());
  const stars = await collectedBy(db, viewerId, ids);
  const moduleIds = [...new Set(rows.flatMap((r) => (r.moduleId ? [r.moduleId] : [])))];
  const modules = new Map(
    moduleIds.length === 0
      ? []
      : (
          await db
            .selectFrom('sysModule')
            .select(['moduleId', 'moduleName'])
            .where('moduleId', 'in', moduleIds)
            .execute()
        ).map((m) => [m.moduleId, m.moduleName]),
  );
  return rows.map((r) => {
    const handleBy = handlers.get(r.defectId) ?? [];
    const typeName = DEFECT_TYPES[r.defectType] ?? 'BUG';
    return {
      defectId: r.defectId,
      projectId: r.projectId,
      projectNum: r.projectNum,
      defectType: typeName,
      defectTypeName: typeName,
      defectState: r.defectState,
      defectStateName: DEFECT_STATE_NAMES[r.defectState] ?? 'PROCESSING',
      defectName: r.defectName,
      defectDescribe: r.defectDescribe,
      defectLevel: r.defectLevel,
      moduleId: r.moduleId,
      moduleName: (r.moduleId && modules.get(r.moduleId)) || null,
      moduleVersion: r.moduleVersion,
      handleBy,
      handleByList: handleBy.flatMap((id) => {
        const u = users.get(id);
        return u ? [u] : [];
      }),
      imgUrls: r.imgUrls,
      annexUrls: r.annexUrls,
      planStartTime: r.planStartTime,
      planEndTime: r.planEndTime,
      caseId: r.caseId,
      createBy: r.createBy,
      createById: r.createById,
      updateBy: r.updateBy,
      createTime: r.createTime,
      updateTime: r.updateTime,
      collect: stars.has(r.defectId),
    };
  });
}
