import { MENUS, roleMenuGrants } from '../seed/menus.ts';
import { CONFIGS, DICTIONARIES, ROLES } from '../seed/reference-data.ts';
import { type AnyDb, seededMenuRow, syncSequence } from './helpers.ts';

const SEEDED_AT = '2024-10-10 00:00:00';

export async function up(db: AnyDb): Promise<void> {
  await db
    .insertInto('sys_role')
    .values(
      ROLES.map((r) => ({
        role_id: r.roleId,
        role_name: r.roleName,
        role_key: r.roleKey,
        role_sort: r.roleSort,
        data_scope: '1',
        is_team_role: r.team,
        is_project_role: r.project,
        role_name_i18n_key: r.key,
        create_by: 'admin',
        create_time: SEEDED_AT,
      })),
    )
    .execute();
  await syncSequence(db, 'sys_role', 'role_id');

  await db
    .insertInto('sys_menu')
    .values(MENUS.map((m) => seededMenuRow(m, SEEDED_AT)))
    .execute();
  await syncSequence(db, 'sys_menu', 'menu_id');

  await db
    .insertInto('sys_role_menu')
    .values(roleMenuGrants().map((g) => ({ role_id: g.roleId, menu_id: g.menuId })))
    .execute();

  await db
    .insertInto('sys_dict_type')
    .values(
      DICTIONARIES.map((d) => ({
        dict_name: d.name,
        dict_type: d.type,
        create_by: 'admin',
        create_time: SEEDED_AT,
      })),
    )
    .execute();
  await db
    .insertInto('sys_dict_data')
    .values(
      DICTIONARIES.flatMap((d) =>
        d.data.map(([value, label, listClass, isDefault], i) => ({
          dict_sort: i,
          dict_label: label,
          dict_value: value,
          dict_type: d.type,
          list_class: listClass ?? 'default',
          is_default: isDefault ?? 'N',
          create_by: 'admin',
          create_time: SEEDED_AT,
        })),
      ),
    )
    .execute();

  await db
    .insertInto('sys_config')
    .values(
      CONFIGS.map((c) => ({
        config_name: c.name,
        config_key: c.key,
        config_value: c.value,
        config_type: 'Y',
        remark: c.remark,
        create_by: 'admin',
        create_time: SEEDED_AT,
      })),
    )
    .execute();
}
