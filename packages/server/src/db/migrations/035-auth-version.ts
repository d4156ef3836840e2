import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers.ts';

/**
 * Versions of what decides a request's caller and their rights, raised by triggers whatever
 * writes the rows (a service, an import, another server instance, a hand-made SQL fix). Each
 * instance remembers sessions and access with the versions it read before reading them, and
 * trusts its memory only while the versions are unchanged (access/auth-cache.ts).
 *
 * scope_id 0: roles, their menu grants and the menus (everyone's rights), and whether a team or
 * project may be entered (moved, archived, closed, deleted). scope_id = a user's id:
 * that user's account, settings (current team and project), sessions and memberships with their
 * roles. A raise happens in the writing transaction, so it is seen together with the change.
 * A later migration that rebuilds one of these tables (SQLite's copy-and-rename) drops its
 * triggers and must create them again, or instances would keep trusting what they remember.
 */
const GLOBAL_SCOPE = 0;

/** Tables whose rows name their user, and how a row's user is found. */
const BY_USER: Array<{ table: string; events: string[]; user: (row: string) => string }> = [
  { table: 'sys_user', events: ['update', 'delete'], user: (r) => `${r}.user_id` },
  { table: 'sys_session', events: ['update', 'delete'], user: (r) => `${r}.user_id` },
  { table: 'sys_user_config', events: ['insert', 'update', 'delete'], user: (r) => `${r}.user_id` },
  { table: 'sys_user_role', events: ['insert', 'update', 'delete'], user: (r) => `${r}.user_id` },
  { table: 'sys_user_team', events: ['insert', 'update', 'delete'], user: (r) => `${r}.user_id` },
  { table: 'sys_user_project', events: ['insert', 'update', 'delete'], user: (r) => `${r}.user_id` },
  {
    table: 'sys_user_team_role',
    events: ['insert', 'update', 'delete'],
    user: (r) => `(select t.user_id from sys_user_team t where t.user_team_id = ${r}.user_team_id)`,
  },
  {
    table: 'sys_user_project_role',
    events: ['insert', 'update', 'delete'],
    user: (r) => `(select p.user_id from sys_user_project p where p.user_project_id = ${r}.user_project_id)`,
  },
];

/** Tables that change everyone's rights. */
const GLOBAL = ['sys_role', 'sys_role_menu', 'sys_menu'];
const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * Whether a team or project may be entered at all (access/scope.ts): changed by a move,
 * an archive, a close or a delete, never by the everyday edits of names and times.
 */
const ENTRY = [
  { table: 'sys_project', key: 'project_id', columns: ['team_id', 'project_state', 'is_archived'] },
  { table: 'sys_team', key: 'team_id', columns: ['is_del'] },
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_auth_version')
    .addColumn('scope_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const rowsOf = (event: string) =>
  event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const raise = (scope: string) =>
    `insert into sys_auth_version (scope_id, version) select ${scope}, 1 where ${scope} is not null
      on conflict (scope_id) do update set version = version + 1;`;
  for (const { table, events, user } of BY_USER)
    for (const event of events)
      await sql
        .raw(`create trigger ${table}_auth_${event} after ${event} on ${table} begin
          ${rowsOf(event)
            .map((row) => raise(user(row)))
            .join('\n')}
        end`)
        .execute(db);
  for (const table of GLOBAL)
    for (const event of EVENTS)
      await sql
        .raw(
          `create trigger ${table}_auth_${event} after ${event} on ${table} begin ${raise(String(GLOBAL_SCOPE))} end`,
        )
        .execute(db);
  for (const { table, columns } of ENTRY) {
    const changed = columns.map((c) => `old.${c} is not new.${c}`).join(' or ');
    await sql
      .raw(`create trigger ${table}_auth_update after update of ${columns.join(', ')} on ${table}
        when ${changed} begin ${raise(String(GLOBAL_SCOPE))} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_auth_delete after delete on ${table} begin ${raise(String(GLOBAL_SCOPE))} end`,
      )
      .execute(db);
  }
}

/**
 * Statement triggers over transition tables: one raise per user per statement, in the order of
 * the ids, so two statements touching the same people in another order cannot deadlock.
 */
async function postgresTriggers(db: AnyDb): Promise<void> {
  const transition = { new: 'added', old: 'removed' } as const;
  const referencing = (event: string) =>
    event === 'insert'
      ? 'new table as added'
      : event === 'delete'
        ? 'old table as removed'
        : 'old table as removed new table as added';
  const raise = (scopes: string) => `
    insert into sys_auth_version as v (scope_id, version)
    select scope_id, 1 from (${scopes}) s where scope_id is not null group by scope_id order by scope_id
    on conflict (scope_id) do update set version = v.version + 1`;
  const create = async (table: string, event: string, body: string) => {
    const name = `${table}_auth_${event}`;
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${name}_trg after ${event} on ${table} referencing ${referencing(event)}
        for each statement execute function ${name}()`)
      .execute(db);
  };
  for (const { table, events, user } of BY_USER)
    for (const event of events) {
      const scopes = rowsOf(event)
        .map((row) => {
          const alias = transition[row as 'new' | 'old'];
          return `select ${user(alias)} as scope_id from ${alias}`;
        })
        .join(' union all ');
      await create(table, event, raise(scopes));
    }
  for (const table of GLOBAL)
    for (const event of EVENTS) {
      const any = rowsOf(event)
        .map((row) => `select 1 from ${transition[row as 'new' | 'old']}`)
        .join(' union all ');
      await create(table, event, raise(`select ${GLOBAL_SCOPE} as scope_id where exists (${any})`));
    }
  for (const { table, key, columns } of ENTRY) {
    const changed = columns.map((c) => `o.${c} is distinct from n.${c}`).join(' or ');
    await create(
      table,
      'update',
      raise(`select ${GLOBAL_SCOPE} as scope_id where exists (
        select 1 from removed o join added n on n.${key} = o.${key} where ${changed})`),
    );
    await create(
      table,
      'delete',
      raise(`select ${GLOBAL_SCOPE} as scope_id where exists (select 1 from removed)`),
    );
  }
}
