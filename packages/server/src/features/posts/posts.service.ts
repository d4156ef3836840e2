import type { PostBody } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import {
  countPostHolders,
  deletePosts,
  findPost,
  findPostBy,
  insertPost,
  updatePost,
} from './posts.repository.ts';

/** Post names and codes are unique (a unique index holds it; this names the clash first). */
async function assertUnique(db: Db, body: PostBody, selfId?: number) {
  const byName = await findPostBy(db, 'postName', body.postName);
  if (byName && byName.postId !== selfId) throw new AppError('post.name.exists', [body.postName]);
  const byCode = await findPostBy(db, 'postCode', body.postCode);
  if (byCode && byCode.postId !== selfId)
    throw new AppError('post.code.exists', [body.postName, body.postCode]);
}

export async function createPost(db: Db, body: PostBody, by: string): Promise<number> {
  await assertUnique(db, body);
  return insertPost(db, {
    postCode: body.postCode,
    postName: body.postName,
    postSort: body.postSort,
    status: body.status ?? '0',
    remark: body.remark || null,
    createBy: by,
    createTime: formatDateTime(),
    updateBy: null,
    updateTime: null,
  });
}

export async function editPost(db: Db, body: PostBody & { postId: number }, by: string): Promise<void> {
  const old = await findPost(db, body.postId);
  if (!old) throw new AppError('post.not-found');
  await assertUnique(db, body, body.postId);
  await updatePost(db, body.postId, {
    postCode: body.postCode,
    postName: body.postName,
    postSort: body.postSort,
    status: body.status ?? old.status,
    remark: body.remark || null,
    updateBy: by,
    updateTime: formatDateTime(),
  });
}

/** Refused, naming the post, while anyone holds one of them. */
export async function removePosts(db: Db, ids: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const found = await findPost(trx, id);
      if (!found) throw new AppError('post.not-found');
      if ((await countPostHolders(trx, id)) > 0)
        throw new AppError('post.assigned.cannot-delete', [found.postName]);
    }
    await trx.deleteFrom('sysUserPost').where('postId', 'in', ids).execute();
    await deletePosts(trx, ids);
  });
}
