import type { DeptBody } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { DeptTree } from './dept-tree.ts';
import {
  countDeptUsers,
  type DeptRow,
  insertDept,
  loadDeptTreeForChange,
  markDeptDeleted,
  updateDept,
} from './depts.repository.ts';

/** A department's parent: the top (0) or a live department; a disabled one takes no new children. */
function parentFor(tree: DeptTree<DeptRow>, body: DeptBody): DeptRow | undefined {
  if (body.parentId === 0) return undefined;
  const parent = tree.byId.get(body.parentId);
  if (!parent) throw new AppError('dept.parent.not-found');
  return parent;
}

function assertNameFree(tree: DeptTree<DeptRow>, body: DeptBody, selfId?: number) {
  if (tree.siblingNamed(body.parentId, body.deptName, selfId))
    throw new AppError('dept.name.exists', [body.deptName]);
}

const contact = (body: DeptBody) => ({
  leader: body.leader || null,
  phone: body.phone || null,
  email: body.email || null,
});

export async function createDept(db: Db, body: DeptBody, by: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const tree = await loadDeptTreeForChange(trx);
    const parent = parentFor(tree, body);
    if (parent?.status === '1') throw new AppError('dept.parent.disabled', [parent.deptName]);
    assertNameFree(tree, body);
    return insertDept(trx, {
      parentId: body.parentId,
      ancestors: tree.ancestorsOf(body.parentId),
      deptName: body.deptName,
      orderNum: body.orderNum,
      ...contact(body),
      status: body.status ?? '0',
      delFlag: '0',
      createBy: by,
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
    });
  });
}

/**
 * Saves a department. It never moves under itself or anything below it (the tree stays a tree);
 * it is not disabled while a department below it is enabled; moved, the `ancestors` of its whole
 * subtree follow. Enabled, its ancestors are enabled too, as the original does, so an enabled
 * department never hangs under a disabled one.
 */
export async function editDept(db: Db, body: DeptBody & { deptId: number }, by: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tree = await loadDeptTreeForChange(trx);
    const self = tree.byId.get(body.deptId);
    if (!self) throw new AppError('dept.not-found');
    if (body.parentId === body.deptId) throw new AppError('dept.parent.self', [body.deptName]);
    if (tree.isWithin(body.deptId, body.parentId)) throw new AppError('dept.parent.below', [body.deptName]);
    parentFor(tree, body);
    assertNameFree(tree, body, body.deptId);
    const status = body.status ?? self.status;
    if (status === '1' && tree.hasEnabledBelow(body.deptId))
      throw new AppError('dept.disable.has-enabled-children', [body.deptName]);

    const now = formatDateTime();
    const ancestors = tree.ancestorsOf(body.parentId);
    await updateDept(trx, body.deptId, {
      parentId: body.parentId,
      ancestors,
      deptName: body.deptName,
      orderNum: body.orderNum,
      ...contact(body),
      status,
      updateBy: by,
      updateTime: now,
    });
    if (ancestors !== self.ancestors) {
      // Below the moved node, each `ancestors` keeps its tail and takes the new head.
      for (const id of tree.subtree(body.deptId)) {
        const row = tree.byId.get(id);
        if (!row || id === body.deptId) continue;
        await updateDept(trx, id, { ancestors: ancestors + row.ancestors.slice(self.ancestors.length) });
      }
    }
    if (status === '0') {
      const above = ancestors
        .split(',')
        .map(Number)
        .filter((id) => id > 0 && tree.byId.get(id)?.status === '1');
      for (const id of above) await updateDept(trx, id, { status: '0', updateBy: by, updateTime: now });
    }
  });
}

/** Refused while departments or people are below it. */
export async function removeDept(db: Db, deptId: number, by: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tree = await loadDeptTreeForChange(trx);
    const self = tree.byId.get(deptId);
    if (!self) throw new AppError('dept.not-found');
    if ((tree.children.get(deptId) ?? []).length > 0)
      throw new AppError('dept.delete.has-children', [self.deptName]);
    if ((await countDeptUsers(trx, deptId)) > 0) throw new AppError('dept.delete.has-users', [self.deptName]);
    await markDeptDeleted(trx, deptId, by, formatDateTime());
  });
}
