import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { formatDateTime } from '../../lib/time.ts';
import { isPostgres } from '../dialect.ts';
import { MENUS, type MenuSeed, roleMenuGrants } from '../seed/menus.ts';
import { CONFIGS } from '../seed/reference-data.ts';

// Migrations see the database untyped: they describe its shape at that point in history.
// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented type for migrations
export type AnyDb = Kysely<any>;

export { isPostgres };

/** An auto-increment integer primary key on both SQLite and PostgreSQL. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T>, column: string) {
  return isPostgres(db)
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** After inserting explicit ids on PostgreSQL, move the sequence past them. */
export async function syncSequence(db: AnyDb, table: string, column: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}

/** Audit columns shared by the RuoYi-era tables. */
export function withAudit<T extends string>(table: CreateTableBuilder<T>) {
  return table
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('remark', 'varchar(500)');
}

/** A seeded menu (`seed/menus.ts`) as its `sys_menu` row. */
export const seededMenuRow = (m: MenuSeed, createdAt: string) => ({
  menu_id: m.id,
  menu_name: m.name,
  menu_name_i18n_key: m.key,
  parent_id: m.parent,
  order_num: m.order,
  path: m.path ?? '',
  component: m.component ?? null,
  menu_type: m.type,
  visible: m.hidden ? '1' : '0',
  status: m.disabled ? '1' : '0',
  perms: m.perms ?? null,
  icon: m.icon ?? '#',
  create_by: 'admin',
  create_time: createdAt,
});

/**
 * Seeded menus (`seed/menus.ts`) that a later migration brings: a new database has them from the
 * seed (002), an older one gets them here, with the seed's grants. A row already holding one of
 * the ids (a database carried over from the original) is left as it is; a grant is added once.
 */
export async function addSeededMenus(db: AnyDb, ids: readonly number[], addedAt: string): Promise<void> {
  for (const m of MENUS.filter((menu) => ids.includes(menu.id))) {
    const existing = await db
      .selectFrom('sys_menu')
      .select('menu_id')
      .where('menu_id', '=', m.id)
      .executeTakeFirst();
    if (existing) continue;
    await db.insertInto('sys_menu').values(seededMenuRow(m, addedAt)).execute();
  }
  await syncSequence(db, 'sys_menu', 'menu_id');

  for (const g of roleMenuGrants().filter((grant) => ids.includes(grant.menuId))) {
    const existing = await db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('role_id', '=', g.roleId)
      .where('menu_id', '=', g.menuId)
      .executeTakeFirst();
    if (!existing)
      await db.insertInto('sys_role_menu').values({ role_id: g.roleId, menu_id: g.menuId }).execute();
  }
}

/**
 * Seeded config records (`seed/reference-data.ts` CONFIGS) that a later migration brings: a new
 * database has them from the seed (002), an older one gets them here. A record already there
 * (someone's own) is left as it is.
 */
export async function addSeededConfigs(db: AnyDb, keys: readonly string[]): Promise<void> {
  const missing = [];
  for (const seeded of CONFIGS.filter((c) => keys.includes(c.key))) {
    const found = await db
      .selectFrom('sys_config')
      .select('config_id')
      .where('config_key', '=', seeded.key)
      .executeTakeFirst();
    if (!found) missing.push(seeded);
  }
  if (missing.length === 0) return;
  const now = formatDateTime();
  await db
    .insertInto('sys_config')
    .values(
      missing.map((c) => ({
        config_name: c.name,
        config_key: c.key,
        config_value: c.value,
        config_type: 'Y',
        remark: c.remark,
        create_by: 'admin',
        create_time: now,
      })),
    )
    .execute();
}
