import { type AnyDb, withId } from './helpers.ts';

/**
 * Each project's AI settings: its own AI server (null = the platform's AI_URL) and the models it
 * uses for business recognition and for images (null = the defaults). At most one row a project.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_ai_module_config'), 'ai_id')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('ai_url', 'varchar(512)')
    .addColumn('business_module', 'varchar(255)')
    .addColumn('image_module', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('create_by_id', 'integer')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_by_id', 'integer')
    .addUniqueConstraint('sys_ai_module_config_project_uq', ['project_id'])
    .execute();
}
