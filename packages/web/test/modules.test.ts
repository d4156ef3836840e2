import { MODULE_NAME_MAX, type ModuleNode } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import { listQuery } from '../src/features/defects/defect-query.ts';
import { batchNames, batchProblems, nameProblem, splitLines } from '../src/features/modules/module-names.ts';
import {
  buildModuleTree,
  type ModuleOption,
  moduleOptions,
  parentIds,
  parentOptions,
  subtreeIds,
} from '../src/features/modules/module-tree.ts';
import i18n from '../src/lib/i18n.ts';

const node = (moduleId: number, modulePid: number, modulePath: string): ModuleNode => ({
  moduleId,
  modulePid,
  moduleName: modulePath.split('/').pop() ?? '',
  remark: null,
  projectId: 1,
  modulePath,
  childrenCount: 0,
  defectCount: 0,
  caseCount: 0,
  createTime: '2025-01-01 00:00:00',
  updateTime: '2025-01-01 00:00:00',
});

// App ─┬─ Login ── Captcha
//      └─ Cart
// Admin
const ROWS = [
  node(1, 0, 'App'),
  node(2, 1, 'App/Login'),
  node(3, 0, 'Admin'),
  node(4, 2, 'App/Login/Captcha'),
  node(5, 1, 'App/Cart'),
];

/** [value, disabled] of every option, depth first. */
const flat = (options: ModuleOption[]): [number, boolean][] =>
  options.flatMap((o) => [[o.value, o.disabled === true] as [number, boolean], ...flat(o.children ?? [])]);

describe('deliverable tree', () => {
  it('nests the flat list by parent, keeping the creation order of siblings', () => {
    const tree = buildModuleTree(ROWS);
    expect(tree.map((n) => n.moduleId)).toEqual([1, 3]);
    expect(tree[0]?.children?.map((n) => n.moduleId)).toEqual([2, 5]);
    expect(tree[0]?.children?.[0]?.children?.map((n) => n.moduleId)).toEqual([4]);
    expect(tree[1]?.children).toBeUndefined();
  });

  it('makes a row whose parent was filtered out a root, so it still shows', () => {
    const tree = buildModuleTree([node(4, 2, 'App/Login/Captcha'), node(5, 1, 'App/Cart')]);
    expect(tree.map((n) => n.moduleId)).toEqual([4, 5]);
  });

  it('opens every node that has children when expanding all', () => {
    expect(parentIds(buildModuleTree(ROWS))).toEqual([1, 2]);
    expect(parentIds([])).toEqual([]);
  });

  it('finds a node with everything below it', () => {
    expect([...subtreeIds(ROWS, 1)].sort()).toEqual([1, 2, 4, 5]);
    expect([...subtreeIds(ROWS, 2)].sort()).toEqual([2, 4]);
    expect([...subtreeIds(ROWS, 3)]).toEqual([3]);
  });

  it('shows paths in the selector options', () => {
    const options = moduleOptions(buildModuleTree(ROWS));
    expect(options[0]?.children?.[0]?.children?.[0]).toEqual({
      value: 4,
      title: 'Captcha',
      path: 'App/Login/Captcha',
    });
  });
});

describe('parent picker', () => {
  it('puts the whole tree under the root (id 0), all enabled when adding', () => {
    const options = parentOptions(ROWS, 'Root deliverable');
    expect(options).toHaveLength(1);
    expect(options[0]?.value).toBe(0);
    expect(options[0]?.title).toBe('Root deliverable');
    expect(flat(options).filter(([, disabled]) => disabled)).toEqual([]);
    expect(flat(options).map(([id]) => id)).toEqual([0, 1, 2, 4, 5, 3]);
  });

  it('disables the moved node and its own subtree, nothing else', () => {
    const disabled = (movingId: number) =>
      flat(parentOptions(ROWS, 'Root', movingId))
        .filter(([, isDisabled]) => isDisabled)
        .map(([id]) => id);
    expect(disabled(2)).toEqual([2, 4]);
    expect(disabled(1)).toEqual([1, 2, 4, 5]);
    expect(disabled(4)).toEqual([4]);
  });
});

describe('batch names', () => {
  const en = i18n.getFixedT('en_US');
  const zh = i18n.getFixedT('zh_CN');
  const long = 'x'.repeat(MODULE_NAME_MAX + 1);

  it('numbers lines as typed, blank ones included', () => {
    expect(splitLines('A\r\n\nB\rC')).toEqual(['A', '', 'B', 'C']);
    expect(batchNames('  App \n\n Admin\n')).toEqual(['App', 'Admin']);
  });

  it('names every bad line with its number, in both languages', () => {
    const text = ['App', '', long, 'a/b', 'App', 'x'.repeat(MODULE_NAME_MAX)].join('\n');
    expect(batchProblems(text, en)).toEqual([
      `Line 3: the name is too long; at most ${MODULE_NAME_MAX} characters`,
      "Line 4: a name cannot contain '/'",
      'Line 5: the name repeats an earlier line',
    ]);
    expect(batchProblems(text, zh)).toEqual([
      `第 3 行：名称过长，不能超过 ${MODULE_NAME_MAX} 个字符`,
      '第 4 行：名称不能包含“/”',
      '第 5 行：名称与前面的行重复',
    ]);
  });

  it('accepts good lines and refuses an empty batch or one too large', () => {
    expect(batchProblems('App\nAdmin\n', en)).toEqual([]);
    expect(batchProblems('\n  \n', en)).toEqual(['Please enter at least one deliverable name']);
    const many = Array.from({ length: 201 }, (_v, i) => `M${i}`).join('\n');
    expect(batchProblems(many, en)).toEqual(['At most 200 deliverables can be created at once']);
  });

  it('checks a single name by the same rule, without a line number', () => {
    expect(nameProblem('Login', en)).toBeUndefined();
    expect(nameProblem(' ', en)).toBe('Please enter the deliverable name');
    expect(nameProblem('a/b', en)).toBe("a name cannot contain '/'");
    expect(nameProblem(long, zh)).toBe(`名称过长，不能超过 ${MODULE_NAME_MAX} 个字符`);
  });
});

describe('deliverable filter of the defect list', () => {
  it('sends the chosen node as moduleId, 0 meaning defects without one', () => {
    const page = { pageNum: 1, pageSize: 10 };
    expect(listQuery(5, { module: '12' }, 1, page).moduleId).toBe('12');
    expect(listQuery(5, { module: '0' }, 1, page).moduleId).toBe('0');
    expect(listQuery(5, {}, 1, page)).not.toHaveProperty('moduleId');
  });
});
