import type { TableData } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminListPage } from '../src/components/admin-list-page.tsx';
import { SearchInput } from '../src/components/search-form.tsx';
import { changeLocale } from '../src/lib/i18n.ts';
import type { QueryObject } from '../src/lib/query-string.ts';
import { useSession } from '../src/stores/session.store.ts';

interface Thing {
  thingId: number;
  name: string;
}
const THINGS: Thing[] = [
  { thingId: 1, name: 'alpha' },
  { thingId: 2, name: 'beta' },
];

beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Providers = ({ url, children }: { url: string; children: ReactNode }) => (
  <MemoryRouter initialEntries={[url]}>
    <QueryClientProvider client={new QueryClient()}>
      <App>{children}</App>
    </QueryClientProvider>
  </MemoryRouter>
);

/** A list call that filters the rows by name as a server would, and keeps what it was asked. */
function things() {
  const asked: QueryObject[] = [];
  const list = async (query: QueryObject): Promise<TableData<Thing>> => {
    asked.push(query);
    const rows = THINGS.filter((t) => !query.name || t.name.includes(String(query.name)));
    return { code: 200, msg: '', rows, total: rows.length };
  };
  return { asked, list };
}

function renderPage(
  url: string,
  options: {
    remove?: (ids: number[]) => Promise<unknown>;
    dateRange?: boolean;
    clean?: () => Promise<unknown>;
  },
) {
  const { asked, list } = things();
  const dialogTargets: unknown[] = [];
  render(
    <Providers url={url}>
      <AdminListPage<Thing, 'name'>
        filters={['name']}
        dateRange={options.dateRange ? 'When' : undefined}
        rowKey="thingId"
        permiPrefix="demo:thing"
        keys={{ all: ['things'], list: (q) => ['things', q] }}
        list={list}
        remove={
          options.remove ? { call: options.remove, confirm: (ids) => `Delete things ${ids}?` } : undefined
        }
        exportTo={{ url: '/demo/thing/export', fileName: 'things.xlsx' }}
        clean={
          options.clean
            ? { call: options.clean, confirm: 'Empty the things?', success: 'Emptied' }
            : undefined
        }
        search={<SearchInput name="name" label="Name" />}
        columns={(l) => [
          { title: 'Name', dataIndex: 'name' },
          { title: 'Actions', render: (_v, row) => l.rowActions(row) },
        ]}
        dialog={(l) => {
          dialogTargets.push(l.target);
          return l.target === undefined ? null : <div role="dialog">editing {l.target?.name ?? 'new'}</div>;
        }}
      />
    </Providers>,
  );
  return { asked, dialogTargets };
}

describe('AdminListPage', () => {
  it('lists with the URL filters, and the date range as params[beginTime]/params[endTime]', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    const { asked } = renderPage('/x?name=alp&beginTime=2026-01-01&endTime=2026-01-31', { dateRange: true });
    await screen.findByText('alpha');
    expect(screen.queryByText('beta')).toBeNull();
    expect(asked[0]).toEqual({
      name: 'alp',
      pageNum: 1,
      pageSize: 10,
      params: { beginTime: '2026-01-01', endTime: '2026-01-31' },
    });
  });

  it('opens the dialog on a row to edit and empty to add', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    renderPage('/x', {});
    const alpha = await screen.findByText('alpha');
    const row = alpha.closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    expect(await screen.findByRole('dialog')).toHaveProperty('textContent', 'editing alpha');
    cleanup();
    renderPage('/x', {});
    await screen.findByText('alpha');
    fireEvent.click(screen.getByRole('button', { name: /^(\S+ )?Add$/ }));
    expect(await screen.findByRole('dialog')).toHaveProperty('textContent', 'editing new');
  });

  it('asks before deleting, then removes the ids and lists again', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    const removed: number[][] = [];
    const { asked } = renderPage('/x', {
      remove: async (ids) => {
        removed.push(ids);
      },
    });
    const beta = await screen.findByText('beta');
    fireEvent.click(within(beta.closest('tr') as HTMLElement).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete things 2?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /OK|Confirm/ }));
    await waitFor(() => expect(removed).toEqual([[2]]));
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
  });

  it('empties the list after the question, then lists again; the button needs the remove permission', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    let cleaned = 0;
    const { asked } = renderPage('/x', {
      clean: async () => {
        cleaned += 1;
      },
    });
    await screen.findByText('alpha');
    fireEvent.click(screen.getByRole('button', { name: /Clear/ }));
    expect(await screen.findByText('Empty the things?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /OK|Confirm/ }));
    await waitFor(() => expect(cleaned).toBe(1));
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
    cleanup();
    useSession.setState({ permissions: ['demo:thing:list'] });
    renderPage('/x', { clean: async () => {} });
    await screen.findByText('alpha');
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
  });

  it('shows delete, export and add only with their permissions', async () => {
    useSession.setState({ permissions: ['demo:thing:export'] });
    renderPage('/x', { remove: async () => {} });
    await screen.findByText('alpha');
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^(\S+ )?Delete$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(\S+ )?Add$/ })).toBeNull();
  });
});
