import {
  DocType,
  documentCreateBody,
  documentNode,
  documentUpdateBody,
  ResultCode,
  selectorPageQuery,
} from '@buglet/contracts';
import { z } from 'zod';
import { enterProjectWith } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated, hasPermi, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import { binDocuments, registerDocumentBinRoutes } from './document-bin.ts';
import {
  type DocFilter,
  type DocTree,
  findDocument,
  listDocuments,
  loadDocTree,
} from './documents.repository.ts';

// The original's move dialog lists a folder's subfolders with pageSize=9999: a selector list.
const documentListQuery = selectorPageQuery.extend({
  /** Left out (the original's move dialog): the caller's current project, from the user config. */
  projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1).optional(),
  /** > 0: that folder's children; 0 or less: the top level; left out with a name: the whole project. */
  docPid: z.coerce.number().int().optional(),
  docName: z.string().max(255).optional(),
  docType: z.coerce.number().int().min(0).max(1).optional(),
  fileExtension: z.string().max(12).optional(),
  createById: z.coerce.number().int().min(1).optional(),
  updateById: z.coerce.number().int().min(1).optional(),
  docId: z.coerce.number().int().min(1).optional(),
});

const filterOf = (q: z.infer<typeof documentListQuery>, projectId: number): DocFilter => {
  const docName = q.docName?.trim() || undefined;
  const docPid = q.docPid === undefined ? (docName ? undefined : 0) : Math.max(0, q.docPid);
  return { ...q, projectId, docName, docPid };
};

const DOCUMENT_COLUMNS: SheetColumn[] = [
  { key: 'docName', header: { zh_CN: '名称', en_US: 'Name' }, width: 40 },
  { key: 'docType', header: { zh_CN: '类型', en_US: 'Type' }, width: 12 },
  { key: 'updateBy', header: { zh_CN: '更新人', en_US: 'Updated by' }, width: 16 },
  { key: 'updateTime', header: { zh_CN: '更新时间', en_US: 'Updated' }, width: 20 },
];

/** The parent of a new or moved item: the top level, or a folder of the same project. */
function checkedParent(tree: DocTree, docPid: number | undefined): number {
  const parent = Math.max(0, docPid ?? 0);
  if (parent === 0) return 0;
  const folder = tree.byId.get(parent);
  if (!folder || folder.docType !== DocType.FOLDER) throw new AppError('document.parent.not-found');
  return parent;
}

const nameTaken = (name: string) => new AppError('document.name.exists', [name]);

/** Documents and folders of a project: a tree with unique sibling names, moved, renamed and deleted whole. */
export function registerDocumentRoutes(r: Router): void {
  const { db } = r.deps;
  registerDocumentBinRoutes(r);

  r.get('/system/document/list', {
    guard: perm('system:document:list'),
    query: documentListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: documentNode,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const { rows, total } = await listDocuments(
        db,
        filterOf(ctx.query, ctx.scoped.projectId),
        limit,
        offset,
      );
      return ctx.table(rows, total);
    },
  });

  r.get('/system/document/:docId', {
    guard: perm('system:document:query', 'system:document:list'),
    params: z.object({ docId: z.coerce.number().int().min(1) }),
    scope: ({ params }) => ({ kind: 'document', docId: params.docId }),
    output: documentNode,
    handler: async (ctx) => ctx.ok(await findDocument(db, ctx.params.docId)),
  });

  r.post('/system/document', {
    guard: perm('system:document:add'),
    body: documentCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: documentNode,
    handler: async (ctx) => {
      const b = ctx.body;
      const created = await db.transaction().execute(async (trx) => {
        const tree = await loadDocTree(trx, b.projectId);
        const docPid = checkedParent(tree, b.docPid);
        if (tree.siblingNamed(docPid, b.docName)) throw nameTaken(b.docName);
        const now = formatDateTime();
        const isFile = b.docType === DocType.FILE;
        return trx
          .insertInto('sysDocument')
          .values({
            projectId: b.projectId,
            docPid,
            docName: b.docName,
            docType: b.docType,
            fileExtension: isFile ? (b.fileExtension ?? extensionOf(b.fileUrl ?? '')) : null,
            fileUrl: isFile ? (b.fileUrl ?? null) : null,
            fileVersion: isFile ? (b.fileVersion ?? 1) : null,
            docRemakr: b.docRemakr ?? null,
            createById: ctx.me.userId,
            updateById: ctx.me.userId,
            createTime: now,
            updateTime: now,
          })
          .returning('docId')
          .executeTakeFirstOrThrow();
      });
      return ctx.ok(await findDocument(db, created.docId));
    },
  });

  r.put('/system/document', {
    guard: perm('system:document:edit'),
    body: documentUpdateBody,
    scope: ({ body }) => ({ kind: 'document', docId: body.docId, isWrite: true }),
    output: documentNode,
    handler: async (ctx) => {
      const { docId, docPid, docName, fileUrl, fileExtension, fileVersion, docRemakr } = ctx.body;
      await db.transaction().execute(async (trx) => {
        const tree = await loadDocTree(trx, ctx.scoped.projectId);
        const row = tree.byId.get(docId);
        if (!row) throw new AppError('document.not-found');
        const parent = docPid === undefined ? row.docPid : checkedParent(tree, docPid);
        if (tree.subtree(docId).includes(parent)) throw new AppError('document.move.into-itself');
        const name = docName ?? row.docName;
        // Another item of the new folder with that name: the item's own current name is no clash.
        if (tree.siblingNamed(parent, name, docId)) throw nameTaken(name);
        const isFile = row.docType === DocType.FILE;
        await trx
          .updateTable('sysDocument')
          .set({
            docPid: parent,
            docName: name,
            ...(isFile && fileUrl ? { fileUrl, fileExtension: fileExtension ?? extensionOf(fileUrl) } : {}),
            ...(isFile && fileVersion !== undefined ? { fileVersion } : {}),
            ...(docRemakr === undefined ? {} : { docRemakr }),
            updateById: ctx.me.userId,
            updateTime: formatDateTime(),
          })
          .where('docId', '=', docId)
          .execute();
      });
      return ctx.ok(await findDocument(db, docId));
    },
  });

  // Anyone may delete what they created; other people's only with system:document:remove.
  r.delete('/system/document/:docIds', {
    guard: authenticated,
    params: z.object({ docIds: z.string() }),
    query: z.object({ confirm: z.enum(['true', 'false']).optional() }),
    scope: ({ params }) => ({ kind: 'document', docId: parseIds(params.docIds), isWrite: true }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.docIds);
      const removed = await db.transaction().execute(async (trx) => {
        const tree = await loadDocTree(trx, ctx.scoped.projectId);
        const doomed = [...new Set(ids.flatMap((id) => tree.subtree(id)))];
        const mayRemoveAny = hasPermi(ctx.scoped.permissions, 'system:document:remove');
        if (!mayRemoveAny && doomed.some((id) => tree.byId.get(id)?.createById !== ctx.me.userId))
          throw new AppError('document.delete.not-yours', [], ResultCode.forbidden);
        const inside = doomed.length - ids.length;
        if (inside > 0 && ctx.query.confirm !== 'true') {
          const first = tree.byId.get(ids[0] as number);
          throw new AppError('document.delete.not-empty', [first?.docName ?? '', inside], ResultCode.error, {
            needsConfirm: true,
            impact: { documents: doomed.length, inside },
          });
        }
        // To the recycle bin: each named document with everything in it, restorable from there.
        await binDocuments(trx, tree, ctx.scoped.projectId, ids, ctx.me.userId, formatDateTime());
        await trx.deleteFrom('sysDocument').where('docId', 'in', doomed).execute();
        return doomed.length;
      });
      return ctx.ok({ removed });
    },
  });

  r.post('/system/document/export', {
    guard: authenticated,
    query: documentListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const projectId = await enterProjectWith(db, ctx.me, q.projectId, 'system:document:export');
      const { rows, total } = await listDocuments(db, filterOf(q, projectId), EXPORT_MAX_ROWS, 0);
      if (total > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const folder = ctx.t('document.folder');
      const wb = await buildWorkbook(
        ctx.t('excel.document.sheet'),
        DOCUMENT_COLUMNS,
        rows.map((d) => ({
          docName: d.docName,
          docType: d.docType === DocType.FOLDER ? folder : (d.fileExtension ?? ''),
          updateBy: d.updateBy,
          updateTime: d.updateTime,
        })),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.document.export-file')}.xlsx`);
    },
  });
}

const extensionOf = (url: string) => /\.([\w]{1,12})$/.exec(url)?.[1]?.toLowerCase() ?? null;
