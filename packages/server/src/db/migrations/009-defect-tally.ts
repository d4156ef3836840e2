import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers.ts';

/**
 * Live defects per project, type and state, kept exact by triggers on sys_defect whatever writes
 * to it (the service, imports, a hand-made SQL fix). The list's total for a state filter and the
 * type/state statistics read it instead of counting hundreds of thousands of rows.
 *
 * PostgreSQL: statement triggers apply one grouped change per statement, keys in order.
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
    // Statement triggers over transition tables: one grouped change per statement, so a bulk
    // insert (an import) touches each tally row once instead of once per defect (row triggers
    // would pile up a version of the same row per defect inside the transaction). The keys are
    // applied in order, so two statements moving defects in opposite directions cannot deadlock.
    const apply = (rows: string) =>
      sql.raw(`
      insert into sys_defect_tally as t (project_id, defect_type, defect_state, n)
      select project_id, defect_type, defect_state, sum(d)::integer from (${rows}) x
      group by project_id, defect_type, defect_state having sum(d) <> 0
      order by project_id, defect_type, defect_state
      on conflict (project_id, defect_type, defect_state) do update set n = t.n + excluded.n`);
    const live = (table: string, d: number) =>
      `select project_id, defect_type, defect_state, ${d} as d from ${table} where is_deleted = 0`;
    const events = [
      ['insert', 'new table as added', live('added', 1)],
      ['delete', 'old table as removed', live('removed', -1)],
      [
        'update',
        'old table as removed new table as added',
        `${live('added', 1)} union all ${live('removed', -1)}`,
      ],
    ] as const;
    for (const [event, tables, rows] of events) {
      await sql`create function ${sql.raw(`sys_defect_tally_${event}`)}() returns trigger language plpgsql as $$
        begin ${apply(rows)}; return null; end $$`.execute(db);
      await sql`create trigger ${sql.raw(`sys_defect_tally_${event}_trg`)} after ${sql.raw(event)} on sys_defect
        referencing ${sql.raw(tables)} for each statement
        execute function ${sql.raw(`sys_defect_tally_${event}`)}()`.execute(db);
    }
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
