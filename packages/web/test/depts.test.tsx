import type { Dept } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeptTreeFilter } from '../src/features/depts/dept-tree-filter.tsx';
import {
  allDeptIds,
  buildDeptTree,
  deptLabel,
  toDeptOptions,
  treeSelectOptions,
} from '../src/features/depts/depts.api.ts';
import { postLabel } from '../src/features/posts/posts.api.ts';
import i18n, { changeLocale } from '../src/lib/i18n.ts';

const dept = (deptId: number, parentId: number, deptName: string, orderNum = 0, status = '0'): Dept => ({
  deptId,
  parentId,
  ancestors: '0',
  deptName,
  orderNum,
  leader: null,
  phone: null,
  email: null,
  status,
  delFlag: '0',
  createTime: null,
});

afterEach(async () => {
  cleanup();
  await changeLocale('zh_CN');
  // Let React's scheduler finish what the unmount queued while the document still exists.
  await new Promise((resolve) => setImmediate(resolve));
  vi.unstubAllGlobals();
});

describe('the department tree of the pages', () => {
  it('builds the tree from the flat list in sibling order; a department without its parent stands at the top', () => {
    const tree = buildDeptTree([
      dept(102, 100, 'Sales', 2),
      dept(100, 0, '总部'),
      dept(101, 100, 'R&D', 1),
      dept(9, 77, 'Orphan'),
    ]);
    expect(tree.map((d) => d.deptId)).toEqual([9, 100]);
    expect(tree[1]?.children?.map((d) => d.deptName)).toEqual(['R&D', 'Sales']);
    expect(allDeptIds(tree).sort((a, b) => a - b)).toEqual([9, 100, 101, 102]);
  });

  it('offers disabled departments unchosen, and names the seeded ones in the reader language until renamed', async () => {
    const options = toDeptOptions(buildDeptTree([dept(100, 0, '总部'), dept(101, 100, 'Old', 1, '1')]));
    expect(options[0]).toMatchObject({ value: 100, title: '总部', disabled: false });
    expect(options[0]?.children?.[0]).toMatchObject({ value: 101, disabled: true });
    await changeLocale('en_US');
    expect(deptLabel('总部')).toBe('Headquarters');
    expect(deptLabel('研发部')).toBe('研发部');
    expect(postLabel({ postCode: 'se', postName: '项目经理' })).toBe('Project manager');
    expect(postLabel({ postCode: 'se', postName: 'Lead' })).toBe('Lead');
    expect(
      treeSelectOptions([
        { id: 100, label: '总部', disabled: false, children: [{ id: 1, label: 'A', disabled: true }] },
      ]),
    ).toEqual([
      {
        value: 100,
        title: 'Headquarters',
        disabled: false,
        children: [{ value: 1, title: 'A', disabled: true }],
      },
    ]);
  });
});

describe('the user page department filter', () => {
  it('shows the tree on wide screens, narrows it by a search and reports the chosen department', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /min-width/.test(query),
      media: query,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }));
    // The tree is given, not fetched: no request may outlive the test.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(['depts', 'tree'], {
      code: 200,
      msg: '',
      data: [
        {
          id: 100,
          label: '总部',
          disabled: false,
          children: [
            {
              id: 101,
              label: '研发部',
              disabled: false,
              children: [{ id: 103, label: '前端组', disabled: true }],
            },
            { id: 102, label: '市场部', disabled: false },
          ],
        },
      ],
    });
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <DeptTreeFilter value={undefined} onChange={onChange} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('市场部')).toBeTruthy());
    // A disabled department can still be filtered by.
    fireEvent.click(screen.getByText('前端组'));
    expect(onChange).toHaveBeenLastCalledWith(103);
    fireEvent.change(screen.getByPlaceholderText(i18n.t('dept.search')), { target: { value: '市场' } });
    await waitFor(() => expect(screen.queryByText('研发部')).toBeNull());
    fireEvent.click(screen.getByText('市场部'));
    expect(onChange).toHaveBeenLastCalledWith(102);
  });
});
