import { pageQuery, post, postBody, postListQuery } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { EXPORT_MAX_ROWS, type SheetColumn, sendListSheet } from '../../lib/xlsx.ts';
import { findPost, listPosts, toPost } from './posts.repository.ts';
import { createPost, editPost, removePosts } from './posts.service.ts';

const listQuery = pageQuery.extend(postListQuery.shape);

const COLUMNS: SheetColumn[] = [
  { key: 'postId', header: { zh_CN: '岗位序号', en_US: 'ID' }, width: 10 },
  { key: 'postCode', header: { zh_CN: '岗位编码', en_US: 'Code' }, width: 20 },
  { key: 'postName', header: { zh_CN: '岗位名称', en_US: 'Name' }, width: 24 },
  { key: 'postSort', header: { zh_CN: '岗位排序', en_US: 'Order' }, width: 10 },
  { key: 'status', header: { zh_CN: '状态', en_US: 'Status' }, width: 10 },
  { key: 'remark', header: { zh_CN: '备注', en_US: 'Notes' }, width: 30 },
  { key: 'createTime', header: { zh_CN: '创建时间', en_US: 'Created' }, width: 20 },
];

/** Posts (`/system/post/**`, the original's paths and fields). */
export function registerPostRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/post/list', {
    guard: perm('system:post:list'),
    query: listQuery,
    output: post,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listPosts(db, ctx.query, limit, offset);
      return ctx.table(rows.map(toPost), total);
    },
  });

  r.post('/system/post/export', {
    guard: perm('system:post:export'),
    query: listQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows } = await listPosts(db, q, EXPORT_MAX_ROWS + 1, 0);
      const statusText = { '0': ctx.t('excel.status.normal'), '1': ctx.t('excel.status.disabled') };
      return sendListSheet(
        ctx.reply,
        ctx.lang,
        ctx.t('excel.post.sheet'),
        COLUMNS,
        rows.map((p) => ({ ...toPost(p), status: statusText[p.status as '0' | '1'] ?? p.status })),
        `${ctx.t('excel.post.export-file')}.xlsx`,
      );
    },
  });

  // Every post, for the user dialog (before `/:postId`, although a fixed segment wins anyway).
  r.get('/system/post/optionselect', {
    guard: authenticated,
    output: post,
    handler: async (ctx) => ctx.ok((await listPosts(db, {}, EXPORT_MAX_ROWS, 0)).rows.map(toPost)),
  });

  r.get('/system/post/:postId', {
    guard: perm('system:post:query'),
    params: z.object({ postId: z.coerce.number().int().min(1) }),
    output: post,
    handler: async (ctx) => {
      const found = await findPost(db, ctx.params.postId);
      if (!found) throw new AppError('post.not-found');
      return ctx.ok(toPost(found));
    },
  });

  r.post('/system/post', {
    guard: perm('system:post:add'),
    body: postBody,
    handler: async (ctx) => ctx.ok({ postId: await createPost(db, ctx.body, ctx.me.userName) }),
  });

  r.put('/system/post', {
    guard: perm('system:post:edit'),
    body: postBody.extend({ postId: z.number().int().min(1) }),
    handler: async (ctx) => {
      await editPost(db, ctx.body, ctx.me.userName);
      return ctx.ok();
    },
  });

  r.delete('/system/post/:postIds', {
    guard: perm('system:post:remove'),
    params: z.object({ postIds: z.string() }),
    handler: async (ctx) => {
      await removePosts(db, parseIds(ctx.params.postIds));
      return ctx.ok();
    },
  });
}
