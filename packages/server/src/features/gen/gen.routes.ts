import {
  GEN_TABLE_NAME,
  genDbListQuery,
  genDbTable,
  genListQuery,
  genTable,
  genTableBody,
  genTableColumn,
  genTablesQuery,
  ResultCode,
} from '@buglet/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { deleteGenTables, listAllGenTables, listGenColumns, listGenTables } from './gen.repository.ts';
import {
  generateByName,
  generateTable,
  importTables,
  listImportableTables,
  loadTable,
  saveTable,
  shownTable,
  syncTable,
} from './gen.service.ts';
import { writeFiles, zipFiles } from './gen-output.ts';

const tableIdParams = z.object({ tableId: z.coerce.number().int().min(1) });
const tableNameParams = z.object({
  tableName: z.string().max(64).regex(GEN_TABLE_NAME, { error: 'gen.table.name.invalid' }),
});
const detail = z.object({
  info: genTable,
  rows: z.array(genTableColumn),
  tables: z.array(genTable),
});

function sendZip(reply: FastifyReply, zip: Buffer, fileName: string) {
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('download-filename', encodeURIComponent(fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition,download-filename')
    .send(zip);
}

/**
 * Code generation (`/tool/gen/**`, the original's paths and answers): import tables of the
 * product's own database, edit their columns' roles, preview and download the code for this
 * stack. Named sub-paths are static routes, so they never reach `/tool/gen/:tableId`.
 */
export function registerGenRoutes(r: Router): void {
  const { db, config } = r.deps;

  r.get('/tool/gen/list', {
    guard: perm('tool:gen:list'),
    query: genListQuery,
    output: genTable,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listGenTables(db, { ...ctx.query, ...ctx.query.params }, limit, offset);
      return ctx.table(
        rows.map((row) => shownTable(row)),
        total,
      );
    },
  });

  r.get('/tool/gen/db/list', {
    guard: perm('tool:gen:list'),
    query: genDbListQuery,
    output: genDbTable,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listImportableTables(db, ctx.query, limit, offset);
      return ctx.table(rows, total);
    },
  });

  r.get('/tool/gen/column/:tableId', {
    guard: perm('tool:gen:list'),
    params: tableIdParams,
    output: genTableColumn,
    handler: async (ctx) => {
      const rows = await listGenColumns(db, ctx.params.tableId);
      return ctx.table(rows, rows.length);
    },
  });

  r.post('/tool/gen/importTable', {
    guard: perm('tool:gen:import'),
    query: genTablesQuery,
    handler: async (ctx) => {
      await importTables(db, ctx.query.tables, ctx.me.userName);
      return ctx.ok();
    },
  });

  r.put('/tool/gen', {
    guard: perm('tool:gen:edit'),
    body: genTableBody,
    handler: async (ctx) => {
      await saveTable(db, ctx.body, ctx.me.userName);
      return ctx.ok();
    },
  });

  r.get('/tool/gen/preview/:tableId', {
    guard: perm('tool:gen:preview'),
    params: tableIdParams,
    handler: async (ctx) => {
      const { table } = await loadTable(db, ctx.params.tableId);
      return ctx.ok(await generateTable(db, table));
    },
  });

  r.get('/tool/gen/download/:tableName', {
    guard: perm('tool:gen:code'),
    params: tableNameParams,
    handler: async (ctx) => {
      const files = await generateByName(db, ctx.params.tableName);
      return sendZip(ctx.reply, await zipFiles(files), `${ctx.params.tableName}.zip`);
    },
  });

  r.get('/tool/gen/batchGenCode', {
    guard: perm('tool:gen:code'),
    query: genTablesQuery,
    handler: async (ctx) => {
      const files: Record<string, string> = {};
      const names = [...new Set(ctx.query.tables)];
      for (const [slot, name] of names.entries()) Object.assign(files, await generateByName(db, name, slot));
      return sendZip(ctx.reply, await zipFiles(files), 'buglet-gen.zip');
    },
  });

  // The original writes to a path the request names (genPath); here only under <data>/gen/<table>/.
  r.get('/tool/gen/genCode/:tableName', {
    guard: perm('tool:gen:code'),
    params: tableNameParams,
    handler: async (ctx) => {
      const files = await generateByName(db, ctx.params.tableName);
      const dir = await writeFiles(config.dataDir, ctx.params.tableName, files);
      return { code: ResultCode.success, msg: ctx.t('gen.written', dir), data: { path: dir } };
    },
  });

  r.get('/tool/gen/synchDb/:tableName', {
    guard: perm('tool:gen:edit'),
    params: tableNameParams,
    handler: async (ctx) => {
      await syncTable(db, ctx.params.tableName, ctx.me.userName);
      return ctx.ok();
    },
  });

  r.delete('/tool/gen/:tableIds', {
    guard: perm('tool:gen:remove'),
    params: z.object({ tableIds: z.string() }),
    handler: async (ctx) => ctx.ok({ removed: await deleteGenTables(db, parseIds(ctx.params.tableIds)) }),
  });

  r.get('/tool/gen/:tableId', {
    guard: perm('tool:gen:query'),
    params: tableIdParams,
    output: detail,
    handler: async (ctx) => {
      const { table, columns } = await loadTable(db, ctx.params.tableId);
      const tables = await listAllGenTables(db);
      return ctx.ok({
        info: shownTable(table, columns),
        rows: columns,
        tables: tables.map((t) => shownTable(t)),
      });
    },
  });
}
