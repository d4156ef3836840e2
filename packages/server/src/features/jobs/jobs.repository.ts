import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { JobLogTable, JobTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobTable>;
export type JobLogRow = Selectable<JobLogTable>;

export interface JobFilter {
  jobName?: string;
  jobGroup?: string;
  status?: string;
  invokeTarget?: string;
}

function filteredJobs(db: Db, f: JobFilter) {
  let q = db.selectFrom('sysJob');
  if (f.jobName) q = q.where('jobName', 'like', `%${f.jobName}%`);
  if (f.jobGroup) q = q.where('jobGroup', '=', f.jobGroup);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.invokeTarget) q = q.where('invokeTarget', 'like', `%${f.invokeTarget}%`);
  return q;
}

export async function listJobs(db: Db, f: JobFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filteredJobs(db, f).selectAll().orderBy('jobId').limit(limit).offset(offset).execute(),
    filteredJobs(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findJob(db: Db, jobId: number) {
  return db.selectFrom('sysJob').selectAll().where('jobId', '=', jobId).executeTakeFirst();
}

/** The jobs the scheduler keeps: those not paused. */
export async function listActiveJobs(db: Db) {
  return db.selectFrom('sysJob').selectAll().where('status', '=', '0').execute();
}

export async function insertJob(db: Db, row: Insertable<JobTable>) {
  const r = await db.insertInto('sysJob').values(row).returning('jobId').executeTakeFirstOrThrow();
  return r.jobId;
}

export async function updateJob(db: Db, jobId: number, row: Updateable<JobTable>) {
  const r = await db.updateTable('sysJob').set(row).where('jobId', '=', jobId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteJobs(db: Db, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysJobLease').where('jobId', 'in', ids).execute();
    await trx.deleteFrom('sysJob').where('jobId', 'in', ids).execute();
  });
}

/**
 * Claims one tick of a job: the instance whose row goes in runs it, every other one finds the
 * key taken. Then the job's `firedUntil` moves on, so a restart knows what was dealt with.
 */
export async function claimTick(
  db: Db,
  jobId: number,
  fireTime: number,
  instanceId: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('sysJobLease')
    .values({ jobId, fireTime, instanceId, claimedAt: Date.now() })
    .onConflict((oc) => oc.columns(['jobId', 'fireTime']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .updateTable('sysJob')
    .set({ firedUntil: fireTime })
    .where('jobId', '=', jobId)
    .where('firedUntil', '<', fireTime)
    .execute();
  return true;
}

/** Leases older than this are only history; the newest tick of each job lives on as `firedUntil`. */
export async function pruneLeases(db: Db, before: number) {
  await db.deleteFrom('sysJobLease').where('fireTime', '<', before).execute();
}

/** The run lease of a job that forbids concurrent runs: taken only if nobody holds a live one. */
export async function takeRunLease(db: Db, jobId: number, token: string, until: number): Promise<boolean> {
  const r = await db
    .updateTable('sysJob')
    .set({ runningUntil: until, runningToken: token })
    .where('jobId', '=', jobId)
    .where('runningUntil', '<', Date.now())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function extendRunLease(db: Db, jobId: number, token: string, until: number) {
  await db
    .updateTable('sysJob')
    .set({ runningUntil: until })
    .where('jobId', '=', jobId)
    .where('runningToken', '=', token)
    .execute();
}

export async function releaseRunLease(db: Db, jobId: number, token: string) {
  await db
    .updateTable('sysJob')
    .set({ runningUntil: 0, runningToken: null })
    .where('jobId', '=', jobId)
    .where('runningToken', '=', token)
    .execute();
}

export interface JobLogFilter {
  jobId?: number;
  jobName?: string;
  jobGroup?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

function filteredLogs(db: Db, f: JobLogFilter) {
  let q = db.selectFrom('sysJobLog');
  if (f.jobId) q = q.where('jobId', '=', f.jobId);
  if (f.jobName) q = q.where('jobName', 'like', `%${f.jobName}%`);
  if (f.jobGroup) q = q.where('jobGroup', '=', f.jobGroup);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.beginTime) q = q.where('createTime', '>=', f.beginTime);
  if (f.endTime) q = q.where('createTime', '<=', `${f.endTime.slice(0, 10)} 23:59:59`);
  return q;
}

export async function listJobLogs(db: Db, f: JobLogFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filteredLogs(db, f).selectAll().orderBy('jobLogId', 'desc').limit(limit).offset(offset).execute(),
    filteredLogs(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findJobLog(db: Db, jobLogId: number) {
  return db.selectFrom('sysJobLog').selectAll().where('jobLogId', '=', jobLogId).executeTakeFirst();
}

export async function insertJobLog(db: Db, row: Insertable<JobLogTable>) {
  const r = await db.insertInto('sysJobLog').values(row).returning('jobLogId').executeTakeFirstOrThrow();
  return r.jobLogId;
}

export async function deleteJobLogs(db: Db, ids: number[]) {
  const r = await db.deleteFrom('sysJobLog').where('jobLogId', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function clearJobLogs(db: Db) {
  await db.deleteFrom('sysJobLog').execute();
}
