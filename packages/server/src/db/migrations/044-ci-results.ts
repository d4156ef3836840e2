import type { AnyDb } from './helpers.ts';

/**
 * Results from CI (issue 30): a case may carry a key a test runner knows it by (`case_key`, unique
 * in its project when given), and a plan made for a CI run keeps the run's name (`ci_run`, unique
 * in its project), so sending the same run again updates that plan.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_case').addColumn('case_key', 'varchar(255)').execute();
  await db.schema
    .createIndex('sys_case_key_uq')
    .on('sys_case')
    .columns(['project_id', 'case_key'])
    .unique()
    .execute();
  await db.schema.alterTable('sys_plan').addColumn('ci_run', 'varchar(255)').execute();
  await db.schema
    .createIndex('sys_plan_ci_run_uq')
    .on('sys_plan')
    .columns(['project_id', 'ci_run'])
    .unique()
    .execute();
}
