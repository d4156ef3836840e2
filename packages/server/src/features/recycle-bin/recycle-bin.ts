import { binEntry, pageQuery, ResultCode } from '@buglet/contracts';
import { z } from 'zod';
import { registerItemKind, type ScopedAccess } from '../../access/scope.ts';
import type { Db } from '../../db/connect.ts';
import type { RecycleBinTable } from '../../db/schema.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { hasPermi, perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';

declare module '../../access/scope.ts' {
  interface ItemKinds {
    /** An entry of a project's recycle bin (a deleted case or document). */
    binEntry: number;
  }
}

registerItemKind('binEntry', async (db, ids) => {
  const rows = await db
    .selectFrom('sysRecycleBin')
    .select('projectId')
    .where('binId', 'in', ids as number[])
    .execute();
  return rows.map((r) => r.projectId);
});

/** What a deleted item leaves behind: its rows, table by table, as Kysely reads them. */
export type BinRows = Record<string, unknown[]>;

export interface BinItem {
  projectId: number;
  itemKind: string;
  itemId: number;
  itemName: string;
  itemNum?: number | null;
  rows: BinRows;
}

/** Puts deleted items in the bin (inside the transaction that deletes them). */
export async function putInBin(trx: Db, items: BinItem[], deletedById: number, now: string): Promise<void> {
  if (items.length === 0) return;
  await trx
    .insertInto('sysRecycleBin')
    .values(
      items.map((item) => ({
        projectId: item.projectId,
        itemKind: item.itemKind,
        itemId: item.itemId,
        itemName: item.itemName.slice(0, 255),
        itemNum: item.itemNum ?? null,
        itemRows: JSON.stringify(item.rows),
        deletedById,
        deletedTime: now,
      })),
    )
    .execute();
}

/** Bin entries deleted before `before` (the purge job): gone for good. */
export async function purgeBin(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('sysRecycleBin').where('deletedTime', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

type BinEntryRow = Omit<RecycleBinTable, 'binId'> & { binId: number };

/** How a kind of item comes back, and who may see, restore or purge it. */
export interface BinKind {
  /** The item's routes: the bin is `${base}/bin`. */
  base: string;
  itemKind: string;
  listPermission: string;
  /** Restoring and purging: this permission, or (when `isOwnAllowed`) having deleted the item. */
  removePermission: string;
  isOwnAllowed?: boolean;
  /** Writes the entry's rows back (inside a transaction); refuses with a reason when it cannot. */
  restore: (trx: Db, entry: BinEntryRow, rows: BinRows) => Promise<void>;
}

const listQuery = pageQuery.extend({
  projectId: z.coerce.number().int().min(1).optional(),
  itemName: z.string().max(100).optional(),
});
const binParam = z.object({ binId: z.coerce.number().int().min(1) });

/**
 * A kind's recycle bin: its list (the last deleted first, found by name), restore, and delete for
 * good. Restoring and purging follow the delete's rule: the remove permission, or the one who
 * deleted it where the kind lets people delete their own.
 */
export function registerBinRoutes(r: Router, kind: BinKind): void {
  const { db } = r.deps;

  r.get(`${kind.base}/bin`, {
    guard: perm(kind.listPermission),
    query: listQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: binEntry,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      let q = db
        .selectFrom('sysRecycleBin as b')
        .where('b.projectId', '=', ctx.scoped.projectId)
        .where('b.itemKind', '=', kind.itemKind);
      const name = ctx.query.itemName?.trim();
      if (name) q = q.where('b.itemName', 'like', `%${name}%`);
      const [rows, count] = await Promise.all([
        q
          .leftJoin('sysUser as u', 'u.userId', 'b.deletedById')
          .select([
            'b.binId',
            'b.itemKind',
            'b.itemId',
            'b.itemNum',
            'b.itemName',
            'b.deletedById',
            'u.nickName as deletedByName',
            'b.deletedTime',
          ])
          .orderBy('b.deletedTime', 'desc')
          .orderBy('b.binId', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ctx.table(rows, Number(count.n));
    },
  });

  /** The entries, each of this kind and one the caller may restore or purge. */
  const entriesFor = async (me: Principal, access: ScopedAccess, binIds: number[]) => {
    const entries = await db
      .selectFrom('sysRecycleBin')
      .selectAll()
      .where('binId', 'in', binIds)
      .where('projectId', '=', access.projectId)
      .where('itemKind', '=', kind.itemKind)
      .execute();
    if (entries.length !== new Set(binIds).size) throw new AppError('bin.not-found');
    const mayAny = hasPermi(access.permissions, kind.removePermission);
    if (!mayAny && !(kind.isOwnAllowed && entries.every((e) => e.deletedById === me.userId)))
      throw new AppError('auth.forbidden', [], ResultCode.forbidden);
    return entries;
  };

  r.put(`${kind.base}/bin/:binId/restore`, {
    guard: perm(kind.listPermission),
    params: binParam,
    scope: ({ params }) => ({ kind: 'item', item: 'binEntry', id: params.binId, isWrite: true }),
    handler: async (ctx) => {
      const [entry] = await entriesFor(ctx.me, ctx.scoped, [ctx.params.binId]);
      if (!entry) throw new AppError('bin.not-found');
      await db.transaction().execute(async (trx) => {
        // Taken out first: a second restore of the same entry at once finds nothing to take.
        const taken = await trx
          .deleteFrom('sysRecycleBin')
          .where('binId', '=', entry.binId)
          .executeTakeFirst();
        if (Number(taken.numDeletedRows) !== 1) throw new AppError('bin.not-found');
        await kind.restore(trx, entry, JSON.parse(entry.itemRows) as BinRows);
      });
      return ctx.ok({ itemId: entry.itemId });
    },
  });

  r.delete(`${kind.base}/bin/:binIds`, {
    guard: perm(kind.listPermission),
    params: z.object({ binIds: z.string() }),
    scope: ({ params }) => ({ kind: 'item', item: 'binEntry', id: parseIds(params.binIds), isWrite: true }),
    handler: async (ctx) => {
      const entries = await entriesFor(ctx.me, ctx.scoped, parseIds(ctx.params.binIds));
      await db
        .deleteFrom('sysRecycleBin')
        .where(
          'binId',
          'in',
          entries.map((e) => e.binId),
        )
        .execute();
      return ctx.ok({ removed: entries.length });
    },
  });
}
