import type { AnyDb } from './helpers.ts';

/** 1.0's "发起人" (§13.3): who asked for the defect, in words; the person filing it may be someone else. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_defect').addColumn('sponsor', 'varchar(128)').execute();
}
