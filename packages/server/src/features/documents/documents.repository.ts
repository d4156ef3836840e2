import type { DocumentNode } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { DocumentTable } from '../../db/schema.ts';

type DocRow = Selectable<DocumentTable>;

/** A project's documents and folders as a tree, read whole (a project holds hundreds, not millions). */
export interface DocTree {
  byId: Map<number, DocRow>;
  children(docPid: number): DocRow[];
  /** The item and everything below it. */
  subtree(docId: number): number[];
  /** The folders above an item, top first. */
  ancestors(docId: number): DocRow[];
  siblingNamed(docPid: number, name: string, except?: number): DocRow | undefined;
}

export async function loadDocTree(db: Db, projectId: number): Promise<DocTree> {
  const rows = await db.selectFrom('sysDocument').selectAll().where('projectId', '=', projectId).execute();
  const byId = new Map(rows.map((r) => [r.docId, r]));
  const byParent = new Map<number, DocRow[]>();
  for (const r of rows) byParent.set(r.docPid, [...(byParent.get(r.docPid) ?? []), r]);
  const children = (docPid: number) => byParent.get(docPid) ?? [];
  const subtree = (docId: number): number[] => [docId, ...children(docId).flatMap((c) => subtree(c.docId))];
  const ancestors = (docId: number): DocRow[] => {
    const out: DocRow[] = [];
    for (let at = byId.get(docId)?.docPid ?? 0; at > 0 && out.length < rows.length; ) {
      const parent = byId.get(at);
      if (!parent) break;
      out.unshift(parent);
      at = parent.docPid;
    }
    return out;
  };
  const siblingNamed = (docPid: number, name: string, except?: number) =>
    children(docPid).find((c) => c.docName === name && c.docId !== except);
  return { byId, children, subtree, ancestors, siblingNamed };
}

export interface DocFilter {
  projectId: number;
  /** Undefined: the whole project (a name search); 0: the top level. */
  docPid?: number;
  docName?: string;
  docType?: number;
  fileExtension?: string;
  createById?: number;
  updateById?: number;
  docId?: number;
}

function docQuery(db: Db, f: DocFilter) {
  let query = db.selectFrom('sysDocument as d').where('d.projectId', '=', f.projectId);
  if (f.docPid !== undefined) query = query.where('d.docPid', '=', f.docPid);
  if (f.docName) query = query.where(containsText(db, 'd.docName', f.docName));
  if (f.docType !== undefined) query = query.where('d.docType', '=', f.docType);
  if (f.fileExtension) query = query.where('d.fileExtension', '=', f.fileExtension);
  if (f.createById) query = query.where('d.createById', '=', f.createById);
  if (f.updateById) query = query.where('d.updateById', '=', f.updateById);
  if (f.docId) query = query.where('d.docId', '=', f.docId);
  return query;
}

export async function listDocuments(db: Db, f: DocFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    docQuery(db, f)
      .leftJoin('sysUser as c', 'c.userId', 'd.createById')
      .leftJoin('sysUser as u', 'u.userId', 'd.updateById')
      .selectAll('d')
      .select(['c.nickName as createBy', 'u.nickName as updateBy'])
      // Folders first, then the newest.
      .orderBy('d.docType', 'asc')
      .orderBy('d.updateTime', 'desc')
      .orderBy('d.docId', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    docQuery(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.docId);
  const withFolders =
    ids.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .selectFrom('sysDocument')
              .select('docPid')
              .where('docPid', 'in', ids)
              .where('docType', '=', 0)
              .execute()
          ).map((r) => r.docPid),
        );
  return {
    rows: rows.map((r): DocumentNode => ({ ...r, leaf: !withFolders.has(r.docId) })),
    total: Number(count.n),
  };
}

export async function findDocument(db: Db, docId: number): Promise<DocumentNode | undefined> {
  const row = await db
    .selectFrom('sysDocument')
    .select('projectId')
    .where('docId', '=', docId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { rows } = await listDocuments(db, { projectId: row.projectId, docId }, 1, 0);
  const [found] = rows;
  if (!found) return undefined;
  const tree = await loadDocTree(db, row.projectId);
  return { ...found, ancestors: tree.ancestors(docId).map((a) => ({ docId: a.docId, docName: a.docName })) };
}
