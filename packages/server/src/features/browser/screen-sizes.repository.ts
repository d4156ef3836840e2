import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { ScreenSizeTable } from '../../db/schema.ts';

export interface ScreenSizeFilter {
  name?: string;
  width?: string;
  height?: string;
}

function filtered(db: Db, f: ScreenSizeFilter) {
  let q = db.selectFrom('sysScreenSize');
  if (f.name) q = q.where(containsText(db, 'name', f.name));
  if (f.width) q = q.where('width', '=', f.width);
  if (f.height) q = q.where('height', '=', f.height);
  return q;
}

/** In catalogue order (the seed lists phones, then tablets, then desktops). */
export async function listScreenSizes(db: Db, f: ScreenSizeFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('screenSizeId').limit(limit).offset(offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findScreenSize(db: Db, screenSizeId: number) {
  return db
    .selectFrom('sysScreenSize')
    .selectAll()
    .where('screenSizeId', '=', screenSizeId)
    .executeTakeFirst();
}

export async function insertScreenSize(db: Db, row: Insertable<ScreenSizeTable>): Promise<number> {
  const r = await db
    .insertInto('sysScreenSize')
    .values(row)
    .returning('screenSizeId')
    .executeTakeFirstOrThrow();
  return r.screenSizeId;
}

export async function updateScreenSize(
  db: Db,
  screenSizeId: number,
  row: Updateable<ScreenSizeTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('sysScreenSize')
    .set(row)
    .where('screenSizeId', '=', screenSizeId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteScreenSizes(db: Db, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('sysScreenSize').where('screenSizeId', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
