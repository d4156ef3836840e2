import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers.ts';

/**
 * Live defects per project, type and state, kept exact by triggers on sys_defect whatever writes
 * to it (the service, imports, a hand-made SQL fix). The list's total for a state filter and the
 * type/state statistics read it instead of counting hundreds of thousands of rows.
 *
 * PostgreSQL: a change of state moves one defect between two tally rows; the trigger always
 * touches the lower key first, so two opposite moves cannot deadlock. Bulk writers (imports)
 * lock the project's tally rows in the same order first (lockTally).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_defect_tally')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('defect_type', 'integer', (c) => c.notNull())
    .addColumn('defect_state', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_defect_tally_pk', ['project_id', 'defect_type', 'defect_state'])
    .execute();
  await sql`insert into sys_defect_tally (project_id, defect_type, defect_state, n)
    select project_id, defect_type, defect_state, count(*) from sys_defect where is_deleted = 0
    group by project_id, defect_type, defect_state`.execute(db);

  if (isPostgres(db)) {
    await sql`create function sys_defect_tally_fn() returns trigger language plpgsql as $$
      declare
        has_old boolean := tg_op <> 'INSERT' and old.is_deleted = 0;
        has_new boolean := tg_op <> 'DELETE' and new.is_deleted = 0;
      begin
        if has_old and has_new and old.project_id = new.project_id and old.defect_type = new.defect_type
           and old.defect_state = new.defect_state then
          return null;
        end if;
        if has_new and (not has_old or (new.project_id, new.defect_type, new.defect_state)
                                       < (old.project_id, old.defect_type, old.defect_state)) then
          insert into sys_defect_tally values (new.project_id, new.defect_type, new.defect_state, 1)
            on conflict (project_id, defect_type, defect_state) do update set n = sys_defect_tally.n + 1;
          has_new := false;
        end if;
        if has_old then
          update sys_defect_tally set n = n - 1
            where project_id = old.project_id and defect_type = old.defect_type and defect_state = old.defect_state;
        end if;
        if has_new then
          insert into sys_defect_tally values (new.project_id, new.defect_type, new.defect_state, 1)
            on conflict (project_id, defect_type, defect_state) do update set n = sys_defect_tally.n + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger sys_defect_tally_trg
      after insert or delete or update of project_id, defect_type, defect_state, is_deleted on sys_defect
      for each row execute function sys_defect_tally_fn()`.execute(db);
    return;
  }
  const add = (row: 'new') =>
    sql.raw(`insert into sys_defect_tally (project_id, defect_type, defect_state, n)
      select ${row}.project_id, ${row}.defect_type, ${row}.defect_state, 1 where ${row}.is_deleted = 0
      on conflict (project_id, defect_type, defect_state) do update set n = n + 1;`);
  const remove = (row: 'old') =>
    sql.raw(`update sys_defect_tally set n = n - 1
      where ${row}.is_deleted = 0 and project_id = ${row}.project_id
        and defect_type = ${row}.defect_type and defect_state = ${row}.defect_state;`);
  await sql`create trigger sys_defect_tally_ins after insert on sys_defect begin ${add('new')} end`.execute(
    db,
  );
  await sql`create trigger sys_defect_tally_del after delete on sys_defect begin ${remove('old')} end`.execute(
    db,
  );
  await sql`create trigger sys_defect_tally_upd after update of project_id, defect_type, defect_state, is_deleted
    on sys_defect begin ${remove('old')} ${add('new')} end`.execute(db);
}
