import type { GenTable, GenTableColumn } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import FormBuilderPage from '../src/features/gen/form-builder-page.tsx';
import GenEditPage from '../src/features/gen/gen-edit-page.tsx';
import GenListPage from '../src/features/gen/gen-list-page.tsx';
import { changeLocale } from '../src/lib/i18n.ts';
import { useSession } from '../src/stores/session.store.ts';

const TABLE: GenTable = {
  tableId: 7,
  tableName: 'biz_gadget',
  tableComment: 'Gadgets',
  subTableName: null,
  subTableFkName: null,
  className: 'Gadget',
  tplCategory: 'crud',
  packageName: 'buglet',
  moduleName: 'system',
  businessName: 'gadget',
  functionName: 'Gadget',
  functionAuthor: 'admin',
  genType: '0',
  genPath: '/',
  options: '{"parentMenuId":3}',
  parentMenuId: 3,
  createBy: 'admin',
  createTime: '2026-01-01 10:00:00',
  updateBy: null,
  updateTime: null,
  remark: null,
};
const column = (
  columnId: number,
  columnName: string,
  over: Partial<GenTableColumn> = {},
): GenTableColumn => ({
  columnId,
  tableId: 7,
  columnName,
  columnComment: null,
  columnType: 'varchar(64)',
  tsType: 'string',
  javaType: 'String',
  javaField: columnName,
  isPk: '0',
  isIncrement: '0',
  isRequired: '0',
  isInsert: '1',
  isEdit: '1',
  isList: '1',
  isQuery: '0',
  queryType: 'EQ',
  htmlType: 'input',
  dictType: '',
  sort: columnId,
  createBy: null,
  createTime: null,
  updateBy: null,
  updateTime: null,
  ...over,
});
const COLUMNS = [
  column(1, 'gadget_id', { isPk: '1', isIncrement: '1', isInsert: '0', isEdit: '0', tsType: 'number' }),
  column(2, 'gadget_name'),
];

beforeAll(async () => {
  await changeLocale('en_US');
});
beforeEach(() => {
  useSession.setState({ permissions: ['*:*:*'] });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
// Ant Design's tables and dialogs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** A fetch answering each call from `route` (method and path with its query), keeping the calls. */
function stubFetch(route: (method: string, path: string) => unknown) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^.*\/prod-api/, '');
    return json(route(init?.method ?? 'GET', path) ?? { code: 200, msg: 'ok' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const calls = (fetch: ReturnType<typeof stubFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: String(url).replace(/^.*\/prod-api/, ''), body: init?.body }));

function renderAt(url: string, element: ReactNode, routePath: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="/system/gen" element={<p>the list</p>} />
            <Route path="/404" element={<p>not found</p>} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the code generation list', () => {
  it('imports the tables ticked in the import dialog', async () => {
    const fetch = stubFetch((method, path) => {
      if (path.startsWith('/tool/gen/list')) return { code: 200, msg: '', rows: [TABLE], total: 1 };
      if (path.startsWith('/tool/gen/db/list'))
        return {
          code: 200,
          msg: '',
          rows: [
            { tableName: 'sys_config', tableComment: null, createTime: null, updateTime: null },
            { tableName: 'sys_notice', tableComment: 'Notices', createTime: null, updateTime: null },
          ],
          total: 2,
        };
      return method === 'POST' ? { code: 200, msg: 'ok' } : undefined;
    });
    renderAt('/tool/gen', <GenListPage />, '/tool/gen');
    expect(await screen.findByText('biz_gadget')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Import/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('sys_notice'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls(fetch, 'POST')[0]?.url).toBe('/tool/gen/importTable?tables=sys_notice'));
  });

  it('previews the generated files, a tab each with its path and code', async () => {
    stubFetch((_method, path) => {
      if (path.startsWith('/tool/gen/list')) return { code: 200, msg: '', rows: [TABLE], total: 1 };
      if (path === '/tool/gen/preview/7')
        return {
          code: 200,
          msg: '',
          data: {
            'packages/contracts/src/gadget.ts': 'export const gadget = 1;',
            'packages/web/src/features/gadget/gadget-list-page.tsx':
              'export default function GadgetListPage() {}',
          },
        };
      return undefined;
    });
    renderAt('/tool/gen', <GenListPage />, '/tool/gen');
    const row = (await screen.findByText('biz_gadget')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('tab', { name: 'gadget.ts' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'gadget-list-page.tsx' })).toBeTruthy();
    expect(dialog.querySelector('pre[data-file="packages/contracts/src/gadget.ts"]')?.textContent).toBe(
      'export const gadget = 1;',
    );
  });
});

describe('the code generation edit page', () => {
  it("sends the table, its columns' roles and the parent menu in one save, then goes back to the list", async () => {
    const fetch = stubFetch((method, path) => {
      if (path === '/tool/gen/7')
        return { code: 200, msg: '', data: { info: TABLE, rows: COLUMNS, tables: [TABLE] } };
      if (path === '/system/dict/type/optionselect') return { code: 200, msg: '', data: [] };
      if (path === '/system/menu/treeselect')
        return { code: 200, msg: '', data: [{ id: 3, label: 'Tools' }] };
      return method === 'PUT' ? { code: 200, msg: 'ok' } : undefined;
    });
    renderAt('/tool/gen-edit/index/7', <GenEditPage />, '/tool/gen-edit/index/:tableId');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'gadget_name Required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('the list')).toBeTruthy();
    const [put] = calls(fetch, 'PUT');
    expect(put?.url).toBe('/tool/gen');
    const body = JSON.parse(String(put?.body));
    expect(body).toMatchObject({
      tableId: 7,
      className: 'Gadget',
      businessName: 'gadget',
      tplCategory: 'crud',
      params: { parentMenuId: 3 },
    });
    expect(body.columns).toHaveLength(2);
    expect(body.columns[1]).toMatchObject({
      columnId: 2,
      isRequired: '1',
      tsType: 'string',
      htmlType: 'input',
    });
  });

  it('takes digits only as the table id', async () => {
    stubFetch(() => undefined);
    renderAt('/tool/gen-edit/index/7abc', <GenEditPage />, '/tool/gen-edit/index/:tableId');
    expect(await screen.findByText('not found')).toBeTruthy();
  });
});

describe('the form builder', () => {
  const dropData = (data: string) => ({ dataTransfer: { getData: () => data, setData: () => {} } });

  it('adds fields by click and by drop, reorders them by drag, and writes the form out as JSX', async () => {
    renderAt('/tool/build', <FormBuilderPage />, '/tool/build');
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    const order = () =>
      [...document.querySelectorAll('[data-field]')].map((el) => el.getAttribute('data-field'));
    expect(order()).toEqual(['field1', 'field2']);
    // A number dropped onto the first field goes before it.
    const first = document.querySelector('[data-field="field1"]') as HTMLElement;
    fireEvent.dragOver(first, dropData('new:number'));
    fireEvent.drop(first, dropData('new:number'));
    expect(order()).toEqual(['field3', 'field1', 'field2']);
    // The number dragged onto the end zone goes last, the switch onto the first field before it.
    const end = document.querySelector('[data-drop="end"]') as HTMLElement;
    fireEvent.drop(end, dropData(`move:${fieldId('field3')}`));
    expect(order()).toEqual(['field1', 'field2', 'field3']);
    fireEvent.drop(
      document.querySelector('[data-field="field1"]') as HTMLElement,
      dropData(`move:${fieldId('field2')}`),
    );
    expect(order()).toEqual(['field2', 'field1', 'field3']);

    // The selected field's label and rule, then the form checked and written out.
    fireEvent.mouseDown(document.querySelector('[data-field="field1"]') as HTMLElement);
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Customer' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Required' }));
    fireEvent.click(screen.getByRole('button', { name: /Validate/ }));
    expect(await screen.findByText('Customer is required')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Code/ }));
    const code = (await screen.findByRole('dialog')).querySelector('pre[data-code="jsx"]')?.textContent ?? '';
    expect(code).toContain('<Form.Item name={"field1"} label={"Customer"} rules={[{ required: true');
    expect(code.indexOf('"field2"')).toBeLessThan(code.indexOf('"field1"'));
    // Kept for the next visit.
    expect(JSON.parse(localStorage.getItem('buglet.form-builder') ?? '{}').fields).toHaveLength(3);
  });
});

/** The builder's own id of a field, from its block (drag data carries ids, not names). */
function fieldId(name: string): string {
  const block = document.querySelector(`[data-field="${name}"]`) as HTMLElement;
  return block.getAttribute('data-id') ?? '';
}
