import { DICTIONARIES } from '../seed/reference-data.ts';
import { type AnyDb, addSeededMenus, withId } from './helpers.ts';

/** The test-plan page (2117) and its buttons (2118–2123), the original's ids (menus.ts). */
export const PLAN_MENU_IDS = [2117, 2118, 2119, 2120, 2121, 2122, 2123];
const ADDED_AT = '2026-11-29 00:00:00';

/**
 * Test plans and their items, as the original's 1.0 (`sys_plan`, `sys_plan_item`: its columns,
 * UUID ids, a number per project), with what it kept in a comma list in tables of their own: the
 * defects raised from an item (`sys_plan_item_defect`, so the plan list counts them in SQL) and
 * every result an item was given (`sys_plan_item_result`, its history: who, when, what happened,
 * which step failed, screenshots). An item goes with its case. An item's `plan_item_result` carries what the original's three
 * states cannot: blocked, skipped, waiting for a retest.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_plan')
    .addColumn('plan_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('plan_number', 'integer', (c) => c.notNull())
    .addColumn('plan_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('plan_version', 'varchar(255)')
    .addColumn('plan_start_time', 'varchar(19)')
    .addColumn('plan_end_time', 'varchar(19)')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('report_id', 'integer')
    .addColumn('remark', 'varchar(1000)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_by_id', 'integer')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('sys_plan_number_uq', ['project_id', 'plan_number'])
    .execute();
  await db.schema
    .createIndex('sys_plan_project_idx')
    .on('sys_plan')
    .columns(['project_id', 'create_time'])
    .execute();

  await db.schema
    .createTable('sys_plan_item')
    .addColumn('plan_item_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('plan_id', 'varchar(36)', (c) =>
      c.notNull().references('sys_plan.plan_id').onDelete('cascade'),
    )
    .addColumn('case_id', 'integer', (c) => c.notNull().references('sys_case.case_id').onDelete('cascade'))
    .addColumn('module_id', 'integer')
    .addColumn('plan_item_state', 'varchar(12)', (c) => c.notNull().defaultTo('unexecuted'))
    .addColumn('plan_item_result', 'varchar(12)')
    .addColumn('tester_id', 'integer')
    .addColumn('update_by_id', 'integer')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('sys_plan_item_case_uq', ['plan_id', 'case_id'])
    .execute();
  await db.schema
    .createIndex('sys_plan_item_state_idx')
    .on('sys_plan_item')
    .columns(['plan_id', 'plan_item_state', 'update_time'])
    .execute();
  await db.schema.createIndex('sys_plan_item_case_idx').on('sys_plan_item').columns(['case_id']).execute();

  await db.schema
    .createTable('sys_plan_item_defect')
    .addColumn('plan_item_id', 'varchar(36)', (c) =>
      c.notNull().references('sys_plan_item.plan_item_id').onDelete('cascade'),
    )
    .addColumn('defect_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_plan_item_defect_pk', ['plan_item_id', 'defect_id'])
    .execute();
  await db.schema
    .createIndex('sys_plan_item_defect_defect_idx')
    .on('sys_plan_item_defect')
    .columns(['defect_id'])
    .execute();

  await withId(db, db.schema.createTable('sys_plan_item_result'), 'result_id')
    .addColumn('plan_item_id', 'varchar(36)', (c) =>
      c.notNull().references('sys_plan_item.plan_item_id').onDelete('cascade'),
    )
    .addColumn('plan_item_state', 'varchar(12)', (c) => c.notNull())
    .addColumn('plan_item_result', 'varchar(12)')
    .addColumn('actual_result', 'text')
    .addColumn('failed_step', 'integer')
    .addColumn('img_urls', 'varchar(5000)')
    .addColumn('annex_urls', 'varchar(5000)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_plan_item_result_item_idx')
    .on('sys_plan_item_result')
    .columns(['plan_item_id', 'result_id'])
    .execute();

  await addSeededMenus(db, PLAN_MENU_IDS, ADDED_AT);
  await addSeededDictionary(db, 'plan_item_state');
}

/** A seeded dictionary (`seed/reference-data.ts`) a later migration brings, unless one of that type is there. */
async function addSeededDictionary(db: AnyDb, type: string): Promise<void> {
  const seeded = DICTIONARIES.find((d) => d.type === type);
  if (!seeded) throw new Error(`no seeded dictionary ${type}`);
  const found = await db
    .selectFrom('sys_dict_type')
    .select('dict_type')
    .where('dict_type', '=', type)
    .executeTakeFirst();
  if (found) return;
  await db
    .insertInto('sys_dict_type')
    .values({ dict_name: seeded.name, dict_type: type, create_by: 'admin', create_time: ADDED_AT })
    .execute();
  await db
    .insertInto('sys_dict_data')
    .values(
      seeded.data.map(([value, label, listClass, isDefault], i) => ({
        dict_sort: i,
        dict_label: label,
        dict_value: value,
        dict_type: type,
        list_class: listClass ?? 'default',
        is_default: isDefault ?? 'N',
        create_by: 'admin',
        create_time: ADDED_AT,
      })),
    )
    .execute();
}
