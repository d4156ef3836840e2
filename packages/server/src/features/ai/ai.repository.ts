import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../lib/time.ts';

export async function findAiConfig(db: Db, projectId: number) {
  return db.selectFrom('sysAiModuleConfig').selectAll().where('projectId', '=', projectId).executeTakeFirst();
}

/** What to change; a field left undefined keeps its value, null goes back to the default. */
export interface AiConfigPatch {
  aiUrl?: string | null;
  businessModule?: string | null;
  imageModule?: string | null;
}

/** One row per project (unique project_id): an upsert in one statement, race-free on both databases. */
export async function saveAiConfig(db: Db, projectId: number, patch: AiConfigPatch, userId: number) {
  const now = formatDateTime();
  const changes = Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined),
  ) as AiConfigPatch;
  await db
    .insertInto('sysAiModuleConfig')
    .values({
      projectId,
      aiUrl: patch.aiUrl ?? null,
      businessModule: patch.businessModule ?? null,
      imageModule: patch.imageModule ?? null,
      createTime: now,
      createById: userId,
      updateTime: now,
      updateById: userId,
    })
    .onConflict((oc) =>
      oc.column('projectId').doUpdateSet({ ...changes, updateTime: now, updateById: userId }),
    )
    .execute();
}

export async function findAiConfigRow(db: Db, aiId: number) {
  return db.selectFrom('sysAiModuleConfig').selectAll().where('aiId', '=', aiId).executeTakeFirst();
}

/** A project's settings rows (none or one) for the export, filtered by the list's fields. */
export async function listAiConfigRows(
  db: Db,
  projectId: number,
  f: { businessModule?: string | undefined; imageModule?: string | undefined },
) {
  let q = db.selectFrom('sysAiModuleConfig').selectAll().where('projectId', '=', projectId);
  if (f.businessModule) q = q.where('businessModule', '=', f.businessModule);
  if (f.imageModule) q = q.where('imageModule', '=', f.imageModule);
  return q.orderBy('aiId').execute();
}

/** Removes settings rows: their projects go back to the platform's server and default models. */
export async function deleteAiConfigs(db: Db, projectId: number, aiIds: readonly number[]) {
  await db
    .deleteFrom('sysAiModuleConfig')
    .where('projectId', '=', projectId)
    .where('aiId', 'in', aiIds)
    .execute();
}

/** Versions named by the project's newest defects (an index walk of at most 2,000 rows), newest first. */
export async function recentVersions(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('sysDefect')
    .select(['moduleVersion', 'createTime'])
    .where('projectId', '=', projectId)
    .where('isDeleted', '=', 0)
    .where('moduleVersion', 'is not', null)
    .where('moduleVersion', '<>', '')
    .orderBy('createTime', 'desc')
    .limit(2000)
    .execute();
  return rows.map((r) => ({ version: r.moduleVersion ?? '', createTime: r.createTime }));
}
