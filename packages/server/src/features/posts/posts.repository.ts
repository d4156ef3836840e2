import type { Post } from '@buglet/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { PostTable } from '../../db/schema.ts';

export type PostRow = Selectable<PostTable>;

export const toPost = (p: PostRow): Post => ({
  postId: p.postId,
  postCode: p.postCode,
  postName: p.postName,
  postSort: p.postSort,
  status: p.status,
  remark: p.remark,
  createTime: p.createTime,
});

export interface PostFilter {
  postCode?: string;
  postName?: string;
  status?: string;
}

function filtered(db: Db, f: PostFilter) {
  let q = db.selectFrom('sysPost');
  if (f.postCode) q = q.where(containsText(db, 'postCode', f.postCode));
  if (f.postName) q = q.where(containsText(db, 'postName', f.postName));
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

export async function listPosts(db: Db, f: PostFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('postSort').orderBy('postId').limit(limit).offset(offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findPost(db: Db, postId: number): Promise<PostRow | undefined> {
  return db.selectFrom('sysPost').selectAll().where('postId', '=', postId).executeTakeFirst();
}

export async function findPostBy(db: Db, column: 'postName' | 'postCode', value: string) {
  return db.selectFrom('sysPost').select('postId').where(column, '=', value).executeTakeFirst();
}

export async function insertPost(db: Db, row: Insertable<PostTable>): Promise<number> {
  const r = await db.insertInto('sysPost').values(row).returning('postId').executeTakeFirstOrThrow();
  return r.postId;
}

export async function updatePost(db: Db, postId: number, row: Updateable<PostTable>): Promise<boolean> {
  const r = await db.updateTable('sysPost').set(row).where('postId', '=', postId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deletePosts(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('sysPost').where('postId', 'in', ids).execute();
}

/** People (not deleted) holding the post. */
export async function countPostHolders(db: Db, postId: number): Promise<number> {
  const r = await db
    .selectFrom('sysUserPost as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('up.postId', '=', postId)
    .where('u.delFlag', '=', '0')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The posts a person holds, in the posts' order. */
export async function listUserPosts(db: Db, userId: number): Promise<PostRow[]> {
  return db
    .selectFrom('sysPost as p')
    .innerJoin('sysUserPost as up', 'up.postId', 'p.postId')
    .selectAll('p')
    .where('up.userId', '=', userId)
    .orderBy('p.postSort')
    .execute();
}

/** Replaces a person's posts with those of the ids that exist. */
export async function replaceUserPosts(db: Db, userId: number, postIds: readonly number[]): Promise<void> {
  await db.deleteFrom('sysUserPost').where('userId', '=', userId).execute();
  const unique = [...new Set(postIds)];
  if (unique.length === 0) return;
  const existing = await db.selectFrom('sysPost').select('postId').where('postId', 'in', unique).execute();
  if (existing.length === 0) return;
  await db
    .insertInto('sysUserPost')
    .values(existing.map((p) => ({ userId, postId: p.postId })))
    .execute();
}
