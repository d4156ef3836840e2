import type { TableData } from '@buglet/contracts';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CrudToolbar } from '../src/components/crud-toolbar.tsx';
import { RowAction, RowActions } from '../src/components/row-actions.tsx';
import { useSelectableTable } from '../src/hooks/use-selectable-table.ts';
import { changeLocale } from '../src/lib/i18n.ts';
import { useSession } from '../src/stores/session.store.ts';

// antd's responsive helpers ask for media queries, which jsdom does not implement.
beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(cleanup);

const button = (name: string) => screen.queryByRole('button', { name: new RegExp(`^(\\S+ )?${name}$`) });

describe('CrudToolbar', () => {
  it('shows each button only with its <prefix>:<action> permission', () => {
    useSession.setState({ permissions: ['system:config:add', 'system:config:remove'] });
    render(
      <CrudToolbar
        permiPrefix="system:config"
        onRefresh={() => {}}
        onAdd={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(button('Add')).not.toBeNull();
    expect(button('Edit')).toBeNull();
    expect(button('Delete')).not.toBeNull();
  });

  it('enables edit for exactly one ticked row and leaves out buttons without a handler', () => {
    useSession.setState({ permissions: ['*:*:*'] });
    const { rerender } = render(
      <CrudToolbar permiPrefix="system:role" onRefresh={() => {}} selectedCount={2} onEdit={() => {}} />,
    );
    expect(button('Edit')?.hasAttribute('disabled')).toBe(true);
    expect(button('Add')).toBeNull();
    rerender(
      <CrudToolbar permiPrefix="system:role" onRefresh={() => {}} selectedCount={1} onEdit={() => {}} />,
    );
    expect(button('Edit')?.hasAttribute('disabled')).toBe(false);
  });
});

describe('RowActions', () => {
  it('checks :edit and :remove, and puts further actions after them', () => {
    useSession.setState({ permissions: ['system:user:remove', 'system:user:resetPwd'] });
    const onDelete = vi.fn();
    render(
      <RowActions permiPrefix="system:user" onEdit={() => {}} onDelete={onDelete}>
        <RowAction permi={['system:user:resetPwd']}>Reset</RowAction>
      </RowActions>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Delete', 'Reset']);
    act(() => button('Delete')?.click());
    expect(onDelete).toHaveBeenCalledOnce();
  });
});

interface Row {
  id: number;
  name: string;
  isBuiltIn: boolean;
}

const page = (rows: Row[]): TableData<Row> => ({ code: 200, msg: '', rows, total: rows.length });
const paging = { pageNum: 1, pageSize: 10, setPage: () => {} };

describe('useSelectableTable', () => {
  it('gives the ticked rows as currently listed, their ids, and clears them', () => {
    const builtIn: Row = { id: 1, name: 'a', isBuiltIn: true };
    const plain: Row = { id: 2, name: 'b', isBuiltIn: false };
    const first = page([builtIn, plain]);
    const { result, rerender } = renderHook(
      ({ data }) => useSelectableTable({ data, isFetching: false }, paging, 'id', (r: Row) => r.isBuiltIn),
      { initialProps: { data: first } },
    );
    const selection = result.current.tableProps.rowSelection;
    expect(selection?.getCheckboxProps?.(builtIn)).toEqual({ disabled: true });
    act(() => selection?.onChange?.([2], [plain], { type: 'single' }));
    expect(result.current.selectedIds).toEqual([2]);

    rerender({ data: page([{ id: 2, name: 'b renamed', isBuiltIn: false }]) });
    expect(result.current.selected[0]?.name).toBe('b renamed');

    act(() => result.current.clearSelection());
    expect(result.current.selected).toEqual([]);
  });
});
