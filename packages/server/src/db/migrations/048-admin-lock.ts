import { sql } from 'kysely';
import { type AnyDb, addSeededMenus, isPostgres } from './helpers.ts';

const ADDED_AT = '2026-11-29 00:00:00';
/** The lock buttons (2161 teams, 2162 projects) and the page of every project (2133), menus.ts. */
export const LOCK_MENU_IDS = [2133, 2161, 2162];

/**
 * The administrator's lock of a team or a project (1.0 §13.8): `is_lock` and the reason in
 * `lock_remark`. A locked team or project is read-only for everyone in it. Whether a project may
 * be written is remembered per instance under the global auth version (migration 035), so a change
 * of the lock raises that version, as an archive does.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const table of ['sys_team', 'sys_project']) {
    await db.schema
      .alterTable(table)
      .addColumn('is_lock', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn('lock_remark', 'varchar(255)').execute();
    if (isPostgres(db)) {
      await sql
        .raw(`create function ${table}_lock_auth() returns trigger language plpgsql as $$ begin
          insert into sys_auth_version as v (scope_id, version)
          select 0, 1 where exists (select 1 from removed o join added n on n.${keyOf(table)} = o.${keyOf(table)}
            where o.is_lock is distinct from n.is_lock or o.lock_remark is distinct from n.lock_remark)
          on conflict (scope_id) do update set version = v.version + 1;
          return null; end $$`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_lock_auth_trg after update on ${table}
          referencing old table as removed new table as added
          for each statement execute function ${table}_lock_auth()`)
        .execute(db);
    } else {
      await sql
        .raw(`create trigger ${table}_lock_auth after update of is_lock, lock_remark on ${table}
          when old.is_lock is not new.is_lock or old.lock_remark is not new.lock_remark begin
            insert into sys_auth_version (scope_id, version) values (0, 1)
              on conflict (scope_id) do update set version = version + 1;
          end`)
        .execute(db);
    }
  }
  await addSeededMenus(db, LOCK_MENU_IDS, ADDED_AT);
}

const keyOf = (table: string) => (table === 'sys_team' ? 'team_id' : 'project_id');
