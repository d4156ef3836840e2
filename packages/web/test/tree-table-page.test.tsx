import type { AjaxResult } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchInput } from '../src/components/search-form.tsx';
import { TreeTablePage } from '../src/components/tree-table-page.tsx';
import { changeLocale } from '../src/lib/i18n.ts';
import { buildTree } from '../src/lib/tree.ts';
import { useSession } from '../src/stores/session.store.ts';

interface Node {
  nodeId: number;
  parentId: number;
  name: string;
  orderNum: number;
}
const NODES: Node[] = [
  { nodeId: 3, parentId: 1, name: 'gamma', orderNum: 2 },
  { nodeId: 1, parentId: 0, name: 'alpha', orderNum: 0 },
  { nodeId: 2, parentId: 1, name: 'beta', orderNum: 1 },
];
const toTree = (rows: readonly Node[]) =>
  buildTree(
    rows,
    (n) => n.nodeId,
    (n) => n.parentId,
    (a, b) => a.orderNum - b.orderNum,
  );

beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(() => cleanup());

function renderPage(options: { isExpandable: boolean }) {
  const removed: number[] = [];
  const list = async (): Promise<AjaxResult<Node[]>> => ({ code: 200, msg: '', data: NODES });
  render(
    <MemoryRouter initialEntries={['/x']}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <TreeTablePage<Node, 'name'>
            filters={['name']}
            search={<SearchInput name="name" label="Name" />}
            permiPrefix="demo:node"
            keys={{ all: ['nodes'], list: (q) => ['nodes', q] }}
            list={list}
            toTree={toTree}
            rowKey="nodeId"
            columns={[{ title: 'Name', dataIndex: 'name' }]}
            topParentId={(tree) => tree[0]?.nodeId}
            addChild={{ label: 'Add below', isShown: (n) => n.name !== 'gamma' }}
            canDelete={(n) => n.parentId !== 0}
            remove={{
              call: async (n) => {
                removed.push(n.nodeId);
              },
              confirm: (n) => `Delete ${n.name}?`,
            }}
            expandToggle={options.isExpandable ? { expand: 'Open all', collapse: 'Close all' } : undefined}
            dialog={(target) =>
              target === undefined ? null : <div role="dialog">{JSON.stringify(target)}</div>
            }
          />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { removed };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('TreeTablePage', () => {
  it('opens the tree all expanded, in sibling order, and collapses and expands it from the toolbar', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    renderPage({ isExpandable: true });
    await screen.findByText('gamma');
    const names = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(names.findIndex((n) => n.includes('beta'))).toBeLessThan(
      names.findIndex((n) => n.includes('gamma')),
    );
    fireEvent.click(screen.getByRole('button', { name: /Close all/ }));
    await waitFor(() => expect(screen.queryByText('beta')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Open all/ }));
    expect(await screen.findByText('beta')).toBeTruthy();
  });

  it('opens the dialog on a row to edit, below a row to add, and under the top parent from the toolbar', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    renderPage({ isExpandable: true });
    await screen.findByText('beta');
    fireEvent.click(within(rowOf('beta')).getByRole('button', { name: /Edit/ }));
    expect((await screen.findByRole('dialog')).textContent).toBe('{"id":2}');
    cleanup();
    renderPage({ isExpandable: true });
    await screen.findByText('beta');
    expect(within(rowOf('gamma')).queryByRole('button', { name: /Add below/ })).toBeNull();
    fireEvent.click(within(rowOf('beta')).getByRole('button', { name: /Add below/ }));
    expect((await screen.findByRole('dialog')).textContent).toBe('{"parentId":2}');
    cleanup();
    renderPage({ isExpandable: false });
    await screen.findByText('alpha');
    fireEvent.click(screen.getByRole('button', { name: /^(\S+ )?Add$/ }));
    expect((await screen.findByRole('dialog')).textContent).toBe('{"parentId":1}');
  });

  it('asks before deleting a row that may be deleted, and offers no delete on the others', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    const { removed } = renderPage({ isExpandable: true });
    await screen.findByText('beta');
    expect(within(rowOf('alpha')).queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(within(rowOf('beta')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete beta?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /OK|Confirm/ }));
    await waitFor(() => expect(removed).toEqual([2]));
  });
});
