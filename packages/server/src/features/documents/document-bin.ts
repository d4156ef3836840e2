import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { Router } from '../../http/route.ts';
import { type BinRows, putInBin, registerBinRoutes } from '../recycle-bin/recycle-bin.ts';
import type { DocTree } from './documents.repository.ts';

/**
 * Documents to the recycle bin: each one named in the delete (a folder with everything in it) is
 * one entry; one inside another named folder goes with that folder.
 */
export async function binDocuments(
  trx: Db,
  tree: DocTree,
  projectId: number,
  named: number[],
  deletedById: number,
  now: string,
): Promise<void> {
  const chosen = new Set(named);
  const tops = [...chosen].filter((id) => !tree.ancestors(id).some((a) => chosen.has(a.docId)));
  await putInBin(
    trx,
    tops.flatMap((id) => {
      const top = tree.byId.get(id);
      if (!top) return [];
      return [
        {
          projectId,
          itemKind: 'document',
          itemId: id,
          itemName: top.docName,
          rows: { sysDocument: tree.subtree(id).map((d) => tree.byId.get(d)) },
        },
      ];
    }),
    deletedById,
    now,
  );
}

/** A document (a folder with what was in it) back where it was, or at the top if its folder is gone. */
async function restoreDocuments(trx: Db, projectId: number, rows: BinRows): Promise<void> {
  const docs = (rows.sysDocument ?? []) as Array<{ docId: number; docPid: number; docName: string }>;
  const [top] = docs;
  if (!top) throw new AppError('bin.not-found');
  const parent =
    top.docPid > 0
      ? await trx
          .selectFrom('sysDocument')
          .select('docId')
          .where('docId', '=', top.docPid)
          .where('projectId', '=', projectId)
          .executeTakeFirst()
      : undefined;
  const docPid = parent ? top.docPid : 0;
  const clash = await trx
    .selectFrom('sysDocument')
    .select('docId')
    .where('projectId', '=', projectId)
    .where('docPid', '=', docPid)
    .where('docName', '=', top.docName)
    .executeTakeFirst();
  if (clash) throw new AppError('bin.restore.name-taken', [top.docName]);
  await trx
    .insertInto('sysDocument')
    .values(docs.map((d, i) => (i === 0 ? { ...d, docPid } : d)) as never)
    .execute();
}

export function registerDocumentBinRoutes(r: Router): void {
  registerBinRoutes(r, {
    base: '/system/document',
    itemKind: 'document',
    listPermission: 'system:document:list',
    removePermission: 'system:document:remove',
    // Anyone may delete what they created (documents.routes.ts), so may restore what they deleted.
    isOwnAllowed: true,
    restore: (trx, entry, rows) => restoreDocuments(trx, entry.projectId, rows),
  });
}
