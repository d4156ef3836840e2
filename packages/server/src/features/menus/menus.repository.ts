import type { Db } from '../../db/connect.ts';
import type { MenuRow } from './router-tree.ts';

export async function listAllMenus(db: Db, filter: { menuName?: string; status?: string } = {}) {
  let q = db.selectFrom('sysMenu').selectAll();
  if (filter.menuName) q = q.where('menuName', 'like', `%${filter.menuName}%`);
  if (filter.status) q = q.where('status', '=', filter.status);
  return q.orderBy('parentId').orderBy('orderNum').orderBy('menuId').execute();
}

/** Enabled directories and pages granted to enabled roles. */
export async function listGrantedMenus(db: Db, roleIds: number[]): Promise<MenuRow[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('sysMenu as m')
    .selectAll('m')
    .where('m.menuId', 'in', (eb) =>
      eb
        .selectFrom('sysRoleMenu as rm')
        .innerJoin('sysRole as r', 'r.roleId', 'rm.roleId')
        .select('rm.menuId')
        .where('rm.roleId', 'in', roleIds)
        .where('r.status', '=', '0'),
    )
    .where('m.status', '=', '0')
    .execute();
}

export async function findMenu(db: Db, menuId: number) {
  return db.selectFrom('sysMenu').selectAll().where('menuId', '=', menuId).executeTakeFirst();
}

export async function insertMenu(db: Db, row: Omit<MenuRow, 'menuId'>) {
  const r = await db.insertInto('sysMenu').values(row).returning('menuId').executeTakeFirstOrThrow();
  return r.menuId;
}

export async function updateMenu(db: Db, menuId: number, row: Partial<Omit<MenuRow, 'menuId'>>) {
  await db.updateTable('sysMenu').set(row).where('menuId', '=', menuId).execute();
}

export async function deleteMenu(db: Db, menuId: number) {
  await db.deleteFrom('sysMenu').where('menuId', '=', menuId).execute();
}

export async function countChildren(db: Db, menuId: number) {
  const r = await db
    .selectFrom('sysMenu')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parentId', '=', menuId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countGrants(db: Db, menuId: number) {
  const r = await db
    .selectFrom('sysRoleMenu')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('menuId', '=', menuId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findSiblingByName(db: Db, parentId: number, menuName: string) {
  return db
    .selectFrom('sysMenu')
    .select('menuId')
    .where('parentId', '=', parentId)
    .where('menuName', '=', menuName)
    .executeTakeFirst();
}

export async function listRoleMenuIds(db: Db, roleId: number) {
  const rows = await db.selectFrom('sysRoleMenu').select('menuId').where('roleId', '=', roleId).execute();
  return rows.map((r) => r.menuId);
}
