import type { Db } from '../db/connect.ts';

/** A live team and whether (and how) the user belongs to it. */
export async function findTeamMembership(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('sysTeam as t')
    .leftJoin('sysUserTeam as ut', (j) => j.onRef('ut.teamId', '=', 't.teamId').on('ut.userId', '=', userId))
    .select([
      't.teamId',
      't.teamName',
      't.createById',
      'ut.userTeamId',
      'ut.isLock',
      't.isLock as teamLock',
      't.lockRemark as teamLockRemark',
    ])
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
      'p.isLock as projectLock',
      'p.lockRemark as projectLockRemark',
      't.isLock as teamLock',
      't.lockRemark as teamLockRemark',
    ])
    .where('p.projectId', '=', projectId)
    .where('p.projectState', '=', 1)
    .where('t.isDel', '=', 0)
    .executeTakeFirst();
}

/*
 * The project of each item named, one entry per item found: a caller compares the count with the
 * ids asked for, so a missing, deleted or foreign id refuses the whole list.
 */

export async function findDefectProjectIds(db: Db, defectIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysDefect')
    .select('projectId')
    .where('defectId', 'in', defectIds)
    .where('isDeleted', '=', 0)
    .execute();
  return rows.map((r) => r.projectId);
}

export async function findDefectLogProjectIds(db: Db, defectLogIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysDefectLog as l')
    .innerJoin('sysDefect as d', 'd.defectId', 'l.defectId')
    .select('d.projectId')
    .where('l.defectLogId', 'in', defectLogIds)
    .where('d.isDeleted', '=', 0)
    .execute();
  return rows.map((r) => r.projectId);
}

export async function findCommentProjectIds(db: Db, commentIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysComment as c')
    .innerJoin('sysDefectLog as l', 'l.defectLogId', 'c.correlationId')
    .innerJoin('sysDefect as d', 'd.defectId', 'l.defectId')
    .select('d.projectId')
    .where('c.commentId', 'in', commentIds)
    .where('c.moduleType', '=', 'defect_log')
    .where('d.isDeleted', '=', 0)
    .execute();
  return rows.map((r) => r.projectId);
}

export async function findModuleProjectIds(db: Db, moduleIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysModule')
    .select('projectId')
    .where('moduleId', 'in', moduleIds)
    .execute();
  return rows.map((r) => r.projectId);
}

export async function findCaseProjectIds(db: Db, caseIds: readonly number[]): Promise<number[]> {
  const rows = await db.selectFrom('sysCase').select('projectId').where('caseId', 'in', caseIds).execute();
  return rows.map((r) => r.projectId);
}

export async function findReportProjectIds(db: Db, reportIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysReport')
    .select('projectId')
    .where('reportId', 'in', reportIds)
    .execute();
  return rows.map((r) => r.projectId);
}

/** The shop's templates belong to no project: no project route reaches them by id. */
export async function findReportTemplateProjectIds(
  db: Db,
  templateIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('sysReportTemplate')
    .select('projectId')
    .where('templateId', 'in', templateIds)
    .where('isShop', '=', 0)
    .execute();
  return rows.flatMap((r) => (r.projectId === null ? [] : [r.projectId]));
}

export async function findDocumentProjectIds(db: Db, docIds: readonly number[]): Promise<number[]> {
  const rows = await db.selectFrom('sysDocument').select('projectId').where('docId', 'in', docIds).execute();
  return rows.map((r) => r.projectId);
}

export async function findProjectApiProjectIds(db: Db, apiIds: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysProjectApi')
    .select('projectId')
    .where('apiId', 'in', apiIds)
    .execute();
  return rows.map((r) => r.projectId);
}

export async function findWebhookProjectIds(db: Db, webhookIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysProjectWebhook')
    .select('projectId')
    .where('webhookId', 'in', webhookIds)
    .execute();
  return rows.map((r) => r.projectId);
}

export async function findAiConfigProjectIds(db: Db, aiIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysAiModuleConfig')
    .select('projectId')
    .where('aiId', 'in', aiIds)
    .execute();
  return rows.map((r) => r.projectId);
}
