import type { AnyDb } from './helpers.ts';

/**
 * What the home page asks stays an index lookup at a million defects: a project's defects by
 * creation day (the open-defect trend), a person's own defects by last change ("what I created
 * that moved"), a person's failed cases.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('sys_defect_created_idx')
    .on('sys_defect')
    .columns(['project_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('sys_defect_creator_idx')
    .on('sys_defect')
    .columns(['create_by_id', 'update_time'])
    .execute();
  await db.schema
    .createIndex('sys_case_creator_idx')
    .on('sys_case')
    .columns(['create_by_id', 'case_state', 'update_time'])
    .execute();
}
