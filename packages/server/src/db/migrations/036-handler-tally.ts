import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers.ts';

/**
 * Live defects per project, handler and state, kept exact by triggers on sys_defect_handler and
 * sys_defect whatever writes to them, as sys_defect_tally is (migration 009). The member
 * statistics read it instead of joining every handler row of the project with its defect (half a
 * second at a million defects).
 *
 * A defect deleted outright (only a hand-made SQL fix does: the application marks defects
 * deleted) takes its handlers' counts before it goes; the handler rows its delete cascades to
 * then find no defect and change nothing. A handler row updated in place (a hand-made
 * reassignment) moves its count. (SQLite's INSERT OR REPLACE into sys_defect_handler is the one
 * write it cannot follow: the replaced row leaves without a delete trigger; recountTallies()
 * repairs it.)
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_defect_handler_tally')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('defect_state', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_defect_handler_tally_pk', ['project_id', 'user_id', 'defect_state'])
    .execute();
  await sql`insert into sys_defect_handler_tally (project_id, user_id, defect_state, n)
    select d.project_id, h.user_id, d.defect_state, count(*)
    from sys_defect_handler h join sys_defect d on d.defect_id = h.defect_id
    where d.is_deleted = 0
    group by d.project_id, h.user_id, d.defect_state`.execute(db);

  if (isPostgres(db)) {
    // Another instance still running the previous version must not write between the count and the
    // triggers (this migration's transaction holds the lock until it commits).
    await sql`lock table sys_defect, sys_defect_handler in share row exclusive mode`.execute(db);
    // Statement triggers over transition tables, one grouped change per statement with the keys
    // in order (see 009).
    const apply = (rows: string) =>
      sql.raw(`
      insert into sys_defect_handler_tally as t (project_id, user_id, defect_state, n)
      select project_id, user_id, defect_state, sum(d)::integer from (${rows}) x
      group by project_id, user_id, defect_state having sum(d) <> 0
      order by project_id, user_id, defect_state
      on conflict (project_id, user_id, defect_state) do update set n = t.n + excluded.n`);
    const handlers = (table: string, d: number) =>
      `select x.project_id, h.user_id, x.defect_state, ${d} as d
       from ${table} x join sys_defect_handler h on h.defect_id = x.defect_id where x.is_deleted = 0`;
    const ofDefects = (table: string, d: number) =>
      `select x.project_id, a.user_id, x.defect_state, ${d} as d
       from ${table} a join sys_defect x on x.defect_id = a.defect_id where x.is_deleted = 0`;
    const triggers = [
      ['handler_insert', 'insert', 'sys_defect_handler', 'new table as added', ofDefects('added', 1)],
      ['handler_delete', 'delete', 'sys_defect_handler', 'old table as removed', ofDefects('removed', -1)],
      [
        'handler_update',
        'update',
        'sys_defect_handler',
        'old table as removed new table as added',
        `${ofDefects('added', 1)} union all ${ofDefects('removed', -1)}`,
      ],
      [
        'defect_update',
        'update',
        'sys_defect',
        'old table as removed new table as added',
        `${handlers('added', 1)} union all ${handlers('removed', -1)}`,
      ],
    ] as const;
    for (const [name, event, table, tables, rows] of triggers) {
      await sql`create function ${sql.raw(`sys_handler_tally_${name}`)}() returns trigger language plpgsql as $$
        begin ${apply(rows)}; return null; end $$`.execute(db);
      await sql`create trigger ${sql.raw(`sys_handler_tally_${name}_trg`)} after ${sql.raw(event)} on ${sql.raw(table)}
        referencing ${sql.raw(tables)} for each statement
        execute function ${sql.raw(`sys_handler_tally_${name}`)}()`.execute(db);
    }
    // Before the row goes, while its handler rows are still there to count.
    await sql`create function sys_handler_tally_defect_delete() returns trigger language plpgsql as $$
      begin
        if old.is_deleted = 0 then
          update sys_defect_handler_tally t set n = t.n - 1
          from sys_defect_handler h
          where h.defect_id = old.defect_id and t.project_id = old.project_id
            and t.user_id = h.user_id and t.defect_state = old.defect_state;
        end if;
        return old;
      end $$`.execute(db);
    await sql`create trigger sys_handler_tally_defect_delete_trg before delete on sys_defect
      for each row execute function sys_handler_tally_defect_delete()`.execute(db);
    return;
  }
  const addHandler = sql.raw(`insert into sys_defect_handler_tally (project_id, user_id, defect_state, n)
      select d.project_id, new.user_id, d.defect_state, 1 from sys_defect d
      where d.defect_id = new.defect_id and d.is_deleted = 0
      on conflict (project_id, user_id, defect_state) do update set n = n + 1;`);
  const removeHandler = sql.raw(`update sys_defect_handler_tally set n = n - 1
      where (project_id, user_id, defect_state) in (
        select d.project_id, old.user_id, d.defect_state from sys_defect d
        where d.defect_id = old.defect_id and d.is_deleted = 0);`);
  const removeDefect = (row: 'old') =>
    sql.raw(`update sys_defect_handler_tally set n = n - 1
      where ${row}.is_deleted = 0 and project_id = ${row}.project_id and defect_state = ${row}.defect_state
        and user_id in (select user_id from sys_defect_handler where defect_id = ${row}.defect_id);`);
  const addDefect = (row: 'new') =>
    sql.raw(`insert into sys_defect_handler_tally (project_id, user_id, defect_state, n)
      select ${row}.project_id, h.user_id, ${row}.defect_state, 1 from sys_defect_handler h
      where h.defect_id = ${row}.defect_id and ${row}.is_deleted = 0 and true
      on conflict (project_id, user_id, defect_state) do update set n = n + 1;`);
  await sql`create trigger sys_handler_tally_ins after insert on sys_defect_handler begin ${addHandler} end`.execute(
    db,
  );
  await sql`create trigger sys_handler_tally_del after delete on sys_defect_handler begin ${removeHandler} end`.execute(
    db,
  );
  await sql`create trigger sys_handler_tally_upd after update of defect_id, user_id on sys_defect_handler
    begin ${removeHandler} ${addHandler} end`.execute(db);
  await sql`create trigger sys_handler_tally_defect_upd after update of project_id, defect_state, is_deleted
    on sys_defect begin ${removeDefect('old')} ${addDefect('new')} end`.execute(db);
  await sql`create trigger sys_handler_tally_defect_del before delete on sys_defect
    begin ${removeDefect('old')} end`.execute(db);
}
