import type { AnyDb } from './helpers.ts';

/**
 * The home page's "to retest" list (issue 30) finds a person's plan items waiting for a retest:
 * an index on the item's tester and result, so it reads only those.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('sys_plan_item_tester_idx')
    .on('sys_plan_item')
    .columns(['tester_id', 'plan_item_result'])
    .execute();
}
