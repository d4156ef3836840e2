import { sql } from 'kysely';
import { ROOT_DEPT, SEEDED_POSTS } from '../seed/org.ts';
import { type AnyDb, addSeededMenus, syncSequence, withAudit, withId } from './helpers.ts';

/** The department and post pages and their buttons (menus.ts, the original's ids). */
export const ORG_MENU_IDS = [103, 104, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024];
const ADDED_AT = '2026-11-25 00:00:00';

/**
 * The original's organisation tables (RuoYi's `sys_dept`, `sys_post`, `sys_user_post` and
 * `sys_role_dept`, same columns), its four posts and one top department, and the two admin pages.
 * `sys_user.dept_id` exists since 001.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_dept'), 'dept_id')
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ancestors', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leader', 'varchar(20)')
    .addColumn('phone', 'varchar(11)')
    .addColumn('email', 'varchar(50)')
    .addColumn('status', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('del_flag', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  // Sibling names are unique among live departments (deleted ones keep their row, as the original's).
  await db.schema
    .createIndex('sys_dept_name_uq')
    .on('sys_dept')
    .columns(['parent_id', 'dept_name'])
    .unique()
    .where(sql.ref('del_flag'), '=', '0')
    .execute();
  await db.schema.createIndex('sys_user_dept_idx').on('sys_user').column('dept_id').execute();

  await withAudit(
    withId(db, db.schema.createTable('sys_post'), 'post_id')
      .addColumn('post_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('post_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('post_sort', 'integer', (c) => c.notNull())
      .addColumn('status', 'char(1)', (c) => c.notNull().defaultTo('0')),
  ).execute();
  await db.schema.createIndex('sys_post_code_uq').on('sys_post').column('post_code').unique().execute();
  await db.schema.createIndex('sys_post_name_uq').on('sys_post').column('post_name').unique().execute();

  await db.schema
    .createTable('sys_user_post')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_user_post_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('sys_user_post_post_idx').on('sys_user_post').column('post_id').execute();
  await db.schema
    .createTable('sys_role_dept')
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('dept_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_role_dept_pk', ['role_id', 'dept_id'])
    .execute();

  await db
    .insertInto('sys_dept')
    .values({
      dept_id: ROOT_DEPT.deptId,
      parent_id: 0,
      ancestors: '0',
      dept_name: ROOT_DEPT.deptName,
      order_num: 0,
      status: '0',
      del_flag: '0',
      create_by: 'admin',
      create_time: ADDED_AT,
    })
    .execute();
  await syncSequence(db, 'sys_dept', 'dept_id');
  await db
    .insertInto('sys_post')
    .values(
      SEEDED_POSTS.map((p) => ({
        post_code: p.postCode,
        post_name: p.postName,
        post_sort: p.postSort,
        status: '0',
        create_by: 'admin',
        create_time: ADDED_AT,
      })),
    )
    .execute();

  await addSeededMenus(db, ORG_MENU_IDS, ADDED_AT);
}
