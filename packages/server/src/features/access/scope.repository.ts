import type { Db } from '../../db/connect.ts';

/** A live team and whether (and how) the user belongs to it. */
export async function findTeamMembership(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('sysTeam as t')
    .leftJoin('sysUserTeam as ut', (j) => j.onRef('ut.teamId', '=', 't.teamId').on('ut.userId', '=', userId))
    .select(['t.teamId', 't.teamName', 't.createById', 'ut.userTeamId', 'ut.isLock'])
    .where('t.teamId', '=', teamId)
    .where('t.isDel', '=', 0)
    .executeTakeFirst();
}

/** A working project of a live team, with the user's project and team membership. */
export async function findProjectMembership(db: Db, projectId: number, userId: number) {
  return db
    .selectFrom('sysProject as p')
    .innerJoin('sysTeam as t', 't.teamId', 'p.teamId')
    .leftJoin('sysUserProject as up', (j) =>
      j.onRef('up.projectId', '=', 'p.projectId').on('up.userId', '=', userId),
    )
    .leftJoin('sysUserTeam as ut', (j) => j.onRef('ut.teamId', '=', 'p.teamId').on('ut.userId', '=', userId))
    .select([
      'p.projectId',
      'p.teamId',
      'p.projectName',
      'p.isArchived',
      'p.createById',
      'up.userProjectId',
      'ut.userTeamId',
      'ut.isLock',
    ])
    .where('p.projectId', '=', projectId)
    .where('p.projectState', '=', 1)
    .where('t.isDel', '=', 0)
    .executeTakeFirst();
}

export async function findDefectProjectId(db: Db, defectId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sysDefect')
    .select('projectId')
    .where('defectId', '=', defectId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row?.projectId;
}

export async function findDefectLogProjectId(db: Db, defectLogId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sysDefectLog as l')
    .innerJoin('sysDefect as d', 'd.defectId', 'l.defectId')
    .select('d.projectId')
    .where('l.defectLogId', '=', defectLogId)
    .where('d.isDeleted', '=', 0)
    .executeTakeFirst();
  return row?.projectId;
}

export async function findModuleProjectId(db: Db, moduleId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sysModule')
    .select('projectId')
    .where('moduleId', '=', moduleId)
    .executeTakeFirst();
  return row?.projectId;
}

export async function findCaseProjectId(db: Db, caseId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sysCase')
    .select('projectId')
    .where('caseId', '=', caseId)
    .executeTakeFirst();
  return row?.projectId;
}
