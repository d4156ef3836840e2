import { DefectLogType } from '@buglet/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CommentTable, DefectLogTable } from '../../db/schema.ts';
import { usersByIds } from './defects.repository.ts';

export type DefectLogRow = Selectable<DefectLogTable>;
export type CommentRow = Selectable<CommentTable>;

const LOG_TYPE_NAMES = new Map<number, string>(
  Object.entries(DefectLogType).map(([name, value]) => [value, name]),
);

/** A history entry's type by the name the original's clients read (`REPAIR`); unknown numbers read as UPDATE. */
export const logTypeName = (type: number) => LOG_TYPE_NAMES.get(type) ?? 'UPDATE';

/** `REPAIR` or `5` as the stored number; anything else is no type at all. */
export function logTypeOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return LOG_TYPE_NAMES.has(Number(trimmed)) ? Number(trimmed) : undefined;
  return (DefectLogType as Record<string, number>)[trimmed.toUpperCase()];
}

export interface LogFilter {
  defectId: number;
  type?: number;
  receiveBy?: number;
}

function filtered(db: Db, f: LogFilter) {
  let q = db.selectFrom('sysDefectLog').where('defectId', '=', f.defectId);
  if (f.type !== undefined) q = q.where('defectLogType', '=', f.type);
  // receive_by is a JSON array of ids as text ("[3,12]"): with its brackets made commas, an id
  // is a whole ",12," inside it on both databases.
  if (f.receiveBy !== undefined) {
    const needle = `%,${f.receiveBy},%`;
    q = q.where(sql<boolean>`replace(replace(receive_by, '[', ','), ']', ',') like ${needle}`);
  }
  return q;
}

/** A defect's history, newest first: one page, or all of it when no page is asked for. */
export async function listDefectLogs(db: Db, f: LogFilter, page?: { limit: number; offset: number }) {
  let rowsQuery = filtered(db, f).selectAll().orderBy('defectLogId', 'desc');
  if (page) rowsQuery = rowsQuery.limit(page.limit).offset(page.offset);
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    page
      ? filtered(db, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : undefined,
  ]);
  return { rows, total: count ? Number(count.n) : rows.length };
}

export async function findDefectLog(db: Db, defectLogId: number) {
  return db.selectFrom('sysDefectLog').selectAll().where('defectLogId', '=', defectLogId).executeTakeFirst();
}

export async function commentsOfLogs(db: Db, logIds: number[]): Promise<CommentRow[]> {
  if (logIds.length === 0) return [];
  return db
    .selectFrom('sysComment')
    .selectAll()
    .where('moduleType', '=', 'defect_log')
    .where('correlationId', 'in', logIds)
    .orderBy('commentId', 'desc')
    .execute();
}

const receiversOf = (row: DefectLogRow): number[] => {
  try {
    const value: unknown = JSON.parse(row.receiveBy);
    const list = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(list) ? list.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
};

/** Comments as the original answers them: with their author (`createMember`). */
export async function toComments(db: Db, rows: CommentRow[]) {
  const users = await usersByIds(
    db,
    rows.map((c) => c.createById),
  );
  return rows.map((c) => ({
    commentId: c.commentId,
    commentContent: c.commentContent,
    moduleType: c.moduleType,
    correlationId: c.correlationId,
    parentId: c.parentId,
    createById: c.createById,
    createMember: users.get(c.createById) ?? null,
    createTime: c.createTime,
  }));
}

/**
 * History entries as the original answers them: type by name, author's name and avatar, the
 * people addressed, and (unless left out) the comments on each, newest first.
 */
export async function toLogEntries(db: Db, logs: DefectLogRow[], withComments = true) {
  const comments = withComments
    ? await commentsOfLogs(
        db,
        logs.map((l) => l.defectLogId),
      )
    : [];
  const receivers = logs.map(receiversOf);
  const users = await usersByIds(db, [...logs.map((l) => l.createById), ...receivers.flat()]);
  const shownComments = await toComments(db, comments);
  return logs.map((l, i) => {
    const author = users.get(l.createById);
    const receiveBy = receivers[i] ?? [];
    return {
      defectLogId: l.defectLogId,
      defectId: l.defectId,
      defectLogType: logTypeName(l.defectLogType),
      defectLogTypeName: logTypeName(l.defectLogType),
      defectLogDescribe: l.defectLogDescribe,
      receiveBy,
      receiveByList: receiveBy.flatMap((id) => users.get(id) ?? []),
      createBy: String(l.createById),
      createById: l.createById,
      createByName: author?.nickName ?? null,
      createByAvatar: author?.avatar ?? null,
      createTime: l.createTime,
      ...(withComments
        ? { commentList: shownComments.filter((c) => c.correlationId === l.defectLogId) }
        : {}),
    };
  });
}
