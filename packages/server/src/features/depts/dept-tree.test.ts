import { describe, expect, it } from 'vitest';
import { type DeptNode, DeptTree } from './dept-tree.ts';

const node = (deptId: number, parentId: number, deptName: string, orderNum = 0, status = '0'): DeptNode => ({
  deptId,
  parentId,
  deptName,
  orderNum,
  status,
});

// 100 ─┬─ 101 ─── 103
//      └─ 102 (disabled)
const tree = new DeptTree([
  node(100, 0, 'HQ'),
  node(102, 100, 'Sales', 2, '1'),
  node(101, 100, 'R&D', 1),
  node(103, 101, 'Web', 0),
]);

describe('DeptTree', () => {
  it('knows each subtree, so a move under itself or below is told apart from a legal one', () => {
    expect(tree.subtree(100).sort()).toEqual([100, 101, 102, 103]);
    expect(tree.subtree(101).sort()).toEqual([101, 103]);
    expect(tree.subtree(103)).toEqual([103]);
    expect(tree.isWithin(101, 101)).toBe(true);
    expect(tree.isWithin(101, 103)).toBe(true);
    expect(tree.isWithin(101, 102)).toBe(false);
    expect(tree.isWithin(101, 100)).toBe(false);
  });

  it('writes ancestors and paths from the top down', () => {
    expect(tree.ancestorsOf(0)).toBe('0');
    expect(tree.ancestorsOf(100)).toBe('0,100');
    expect(tree.ancestorsOf(103)).toBe('0,100,101,103');
    expect(tree.pathOf(103)).toBe('HQ/R&D/Web');
    expect(tree.paths().get('HQ/Sales')).toBe(102);
  });

  it('finds enabled departments below and siblings by name', () => {
    expect(tree.hasEnabledBelow(100)).toBe(true);
    expect(tree.hasEnabledBelow(102)).toBe(false);
    expect(new DeptTree([node(1, 0, 'A'), node(2, 1, 'B', 0, '1')]).hasEnabledBelow(1)).toBe(false);
    expect(tree.siblingNamed(100, 'Sales')?.deptId).toBe(102);
    expect(tree.siblingNamed(100, 'Sales', 102)).toBeUndefined();
    expect(tree.siblingNamed(101, 'Sales')).toBeUndefined();
  });

  it('gives the tree select in sibling order, disabled ones marked', () => {
    expect(tree.toTreeSelect()).toEqual([
      {
        id: 100,
        label: 'HQ',
        disabled: false,
        children: [
          { id: 101, label: 'R&D', disabled: false, children: [{ id: 103, label: 'Web', disabled: false }] },
          { id: 102, label: 'Sales', disabled: true },
        ],
      },
    ]);
  });

  it('puts a department whose parent is not listed at the top, and survives a damaged cycle', () => {
    expect(new DeptTree([node(103, 101, 'Web')]).toTreeSelect()).toEqual([
      { id: 103, label: 'Web', disabled: false },
    ]);
    const damaged = new DeptTree([node(1, 2, 'A'), node(2, 1, 'B'), node(3, 0, 'C')]);
    expect(damaged.toTreeSelect().map((n) => n.id)).toEqual([3]);
    expect(damaged.subtree(1).sort()).toEqual([1, 2]);
    expect(damaged.pathOf(1)).toBe('B/A');
  });
});
