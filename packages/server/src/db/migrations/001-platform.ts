import { type AnyDb, withAudit, withId } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  const s = db.schema;
  await withAudit(
    withId(db, s.createTable('sys_user'), 'user_id')
      .addColumn('dept_id', 'integer')
      .addColumn('user_name', 'varchar(30)', (c) => c.notNull().unique())
      .addColumn('nick_name', 'varchar(30)', (c) => c.notNull())
      .addColumn('user_type', 'varchar(2)', (c) => c.notNull().defaultTo('00'))
      .addColumn('email', 'varchar(50)')
      .addColumn('phone_number', 'varchar(16)', (c) => c.unique())
      .addColumn('sex', 'varchar(1)')
      .addColumn('avatar', 'varchar(255)')
      .addColumn('password', 'varchar(100)', (c) => c.notNull())
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('login_ip', 'varchar(128)')
      .addColumn('login_date', 'varchar(19)')
      .addColumn('ding_user_id', 'varchar(255)')
      .addColumn('wechat_user_id', 'varchar(255)'),
  ).execute();

  await withAudit(
    withId(db, s.createTable('sys_role'), 'role_id')
      .addColumn('role_name', 'varchar(30)', (c) => c.notNull())
      .addColumn('role_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('role_sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('data_scope', 'varchar(1)')
      .addColumn('menu_check_strictly', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('dept_check_strictly', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('is_team_role', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_project_role', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('role_name_i18n_key', 'varchar(64)'),
  ).execute();

  await withAudit(
    withId(db, s.createTable('sys_menu'), 'menu_id')
      .addColumn('menu_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('menu_name_i18n_key', 'varchar(64)')
      .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('path', 'varchar(200)')
      .addColumn('component', 'varchar(255)')
      .addColumn('query', 'varchar(255)')
      .addColumn('is_frame', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
      .addColumn('is_cache', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('menu_type', 'varchar(1)', (c) => c.notNull())
      .addColumn('visible', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('perms', 'varchar(100)')
      .addColumn('icon', 'varchar(100)'),
  ).execute();

  await s
    .createTable('sys_role_menu')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_role.role_id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('sys_menu.menu_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sys_role_menu_pk', ['role_id', 'menu_id'])
    .execute();
  await s
    .createTable('sys_user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.user_id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_role.role_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sys_user_role_pk', ['user_id', 'role_id'])
    .execute();

  await withId(db, s.createTable('sys_user_config'), 'user_config_id')
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().unique().references('sys_user.user_id').onDelete('cascade'),
    )
    .addColumn('current_team_id', 'integer')
    .addColumn('current_project_id', 'integer')
    .addColumn('life_content', 'text')
    .execute();

  await withId(db, s.createTable('sys_user_team'), 'user_team_id')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.user_id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('is_lock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(19)')
    .addUniqueConstraint('sys_user_team_uq', ['team_id', 'user_id'])
    .execute();
  await s
    .createTable('sys_user_team_role')
    .addColumn('user_team_id', 'integer', (c) =>
      c.notNull().references('sys_user_team.user_team_id').onDelete('cascade'),
    )
    .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_role.role_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sys_user_team_role_pk', ['user_team_id', 'role_id'])
    .execute();
  await withId(db, s.createTable('sys_user_project'), 'user_project_id')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.user_id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)')
    .addUniqueConstraint('sys_user_project_uq', ['project_id', 'user_id'])
    .execute();
  await s
    .createTable('sys_user_project_role')
    .addColumn('user_project_id', 'integer', (c) =>
      c.notNull().references('sys_user_project.user_project_id').onDelete('cascade'),
    )
    .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_role.role_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sys_user_project_role_pk', ['user_project_id', 'role_id'])
    .execute();

  await withAudit(
    withId(db, s.createTable('sys_dict_type'), 'dict_id')
      .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_type', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0')),
  ).execute();
  await withAudit(
    withId(db, s.createTable('sys_dict_data'), 'dict_code')
      .addColumn('dict_sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('dict_label', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_value', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_type', 'varchar(100)', (c) => c.notNull())
      .addColumn('css_class', 'varchar(100)')
      .addColumn('list_class', 'varchar(100)')
      .addColumn('is_default', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addUniqueConstraint('sys_dict_data_uq', ['dict_type', 'dict_value']),
  ).execute();
  await withAudit(
    withId(db, s.createTable('sys_config'), 'config_id')
      .addColumn('config_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('config_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('config_value', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('config_type', 'varchar(1)', (c) => c.notNull().defaultTo('N')),
  ).execute();

  await withId(db, s.createTable('sys_logininfor'), 'info_id')
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('ipaddr', 'varchar(128)')
    .addColumn('login_location', 'varchar(255)')
    .addColumn('browser', 'varchar(50)')
    .addColumn('os', 'varchar(50)')
    .addColumn('status', 'varchar(1)', (c) => c.notNull())
    .addColumn('msg', 'varchar(255)')
    .addColumn('login_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await s.createIndex('sys_logininfor_time_idx').on('sys_logininfor').column('login_time').execute();

  await s
    .createTable('sys_session')
    .addColumn('token_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.user_id').onDelete('cascade'))
    .addColumn('login_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('expire_at', 'bigint', (c) => c.notNull())
    .addColumn('ipaddr', 'varchar(128)')
    .addColumn('browser', 'varchar(50)')
    .addColumn('os', 'varchar(50)')
    .addColumn('is_default_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('sys_session_user_idx').on('sys_session').column('user_id').execute();

  await s
    .createTable('sys_kv')
    .addColumn('k', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('v', 'text', (c) => c.notNull())
    .addColumn('expire_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('sys_temp_file'), 'file_id')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('file_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('src_url', 'varchar(2000)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)')
    .execute();
}
