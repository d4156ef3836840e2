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
