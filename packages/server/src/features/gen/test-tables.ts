import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/migrations/helpers.ts';

/**
 * A table of every kind of column the generator handles, made the way a developer's migration
 * would make it (for the code generation tests): a numbered key, required and optional text,
 * a dictionary value with a default, a decimal, a flag, a long text and the audit columns.
 */
export async function createGadgetTable(db: Db, name = 'biz_gadget'): Promise<void> {
  const pg = isPostgres(db);
  const key = pg ? sql`gadget_id serial primary key` : sql`gadget_id integer primary key autoincrement`;
  await sql`create table ${sql.table(name)} (
    ${key},
    gadget_name varchar(64) not null,
    gadget_type varchar(2),
    status char(1) not null default '0',
    colours varchar(100),
    price numeric(10,2),
    weight integer not null,
    is_active boolean,
    delivery_date varchar(19),
    remark varchar(500),
    create_by varchar(64),
    create_time varchar(19),
    update_by varchar(64),
    update_time varchar(19)
  )`.execute(db);
}
