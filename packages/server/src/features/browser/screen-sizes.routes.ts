import { pageQuery, screenSize, screenSizeBody, screenSizeUpdateBody } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import {
  deleteScreenSizes,
  findScreenSize,
  insertScreenSize,
  listScreenSizes,
  updateScreenSize,
} from './screen-sizes.repository.ts';

const listQuery = pageQuery.extend({
  name: z.string().max(32).optional(),
  width: z.string().max(12).optional(),
  height: z.string().max(12).optional(),
});

const COLUMNS: SheetColumn[] = [
  { key: 'screenSizeId', header: { zh_CN: '编号', en_US: 'ID' }, width: 10 },
  { key: 'name', header: { zh_CN: '名称', en_US: 'Name' }, width: 28 },
  { key: 'width', header: { zh_CN: '宽度', en_US: 'Width' }, width: 12 },
  { key: 'height', header: { zh_CN: '高度', en_US: 'Height' }, width: 12 },
  { key: 'remark', header: { zh_CN: '备注', en_US: 'Notes' }, width: 30 },
];

/**
 * The browser tool's screen-size catalogue (`/system/ScreenSize/**`, the original's paths and
 * fields). Everyone signed in reads it (the tool's size menu); changing it takes the
 * `system:ScreenSize:*` permissions, which no seeded role holds: administrators only.
 */
export function registerScreenSizeRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/ScreenSize/list', {
    guard: authenticated,
    query: listQuery,
    output: screenSize,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listScreenSizes(db, ctx.query, limit, offset);
      return ctx.table(rows, total);
    },
  });

  r.post('/system/ScreenSize/export', {
    guard: perm('system:ScreenSize:export'),
    query: listQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows, total } = await listScreenSizes(db, q, EXPORT_MAX_ROWS, 0);
      if (total > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const wb = await buildWorkbook(ctx.t('excel.screen-size.sheet'), COLUMNS, rows, ctx.lang);
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.screen-size.export-file')}.xlsx`);
    },
  });

  r.get('/system/ScreenSize/:screenSizeId', {
    guard: authenticated,
    params: z.object({ screenSizeId: z.coerce.number().int().min(1) }),
    output: screenSize,
    handler: async (ctx) => {
      const found = await findScreenSize(db, ctx.params.screenSizeId);
      if (!found) throw new AppError('screen-size.not-found');
      return ctx.ok(found);
    },
  });

  r.post('/system/ScreenSize', {
    guard: perm('system:ScreenSize:add'),
    body: screenSizeBody,
    handler: async (ctx) => {
      const { name, width, height, remark } = ctx.body;
      const screenSizeId = await insertScreenSize(db, { name, width, height, remark: remark || null });
      return ctx.ok({ screenSizeId });
    },
  });

  r.put('/system/ScreenSize', {
    guard: perm('system:ScreenSize:edit'),
    body: screenSizeUpdateBody,
    handler: async (ctx) => {
      const { screenSizeId, name, width, height, remark } = ctx.body;
      const isUpdated = await updateScreenSize(db, screenSizeId, {
        name,
        width,
        height,
        remark: remark || null,
      });
      if (!isUpdated) throw new AppError('screen-size.not-found');
      return ctx.ok();
    },
  });

  r.delete('/system/ScreenSize/:screenSizeIds', {
    guard: perm('system:ScreenSize:remove'),
    params: z.object({ screenSizeIds: z.string() }),
    handler: async (ctx) =>
      ctx.ok({ removed: await deleteScreenSizes(db, parseIds(ctx.params.screenSizeIds)) }),
  });
}
