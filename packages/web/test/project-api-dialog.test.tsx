import type { ProjectApi } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeyCreatedDialog } from '../src/features/project-api/key-created-dialog.tsx';
import { ProjectApiDialog } from '../src/features/project-api/project-api-dialog.tsx';
import { changeLocale } from '../src/lib/i18n.ts';

const KEY = '20250131120000AB12CD34EF56GH78';
const CREATED: ProjectApi = {
  apiId: KEY.slice(0, 18),
  projectId: 7,
  apiName: 'Nightly',
  whiteList: ['10.0.0.0/8'],
  expireTime: null,
  remark: null,
  enabled: true,
  features: { report: ['push'] },
  lastUsedTime: null,
  lastUsedIp: null,
  createTime: '2025-01-31 12:00:00',
  createBy: 'admin',
  defaultHandlerId: null,
  defaultHandlerName: null,
  refusedInRow: 0,
  apiKey: KEY,
};

// antd's responsive helpers ask for media queries and its text area for a resize observer, which
// jsdom does not implement.
beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page's part: a create dialog, then the key dialog with what the create answered. */
function CreateFlow() {
  const [created, setCreated] = useState<ProjectApi>();
  const [isOpen, setOpen] = useState(true);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ProjectApiDialog
          projectId={7}
          target={isOpen ? null : undefined}
          onClose={() => setOpen(false)}
          onCreated={setCreated}
        />
        <KeyCreatedDialog created={created} onClose={() => setCreated(undefined)} />
      </App>
    </QueryClientProvider>
  );
}

const dialog = () => screen.getByRole('dialog');
const typeName = (name: string) =>
  fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: name } });
function addWhiteListEntry(entry: string) {
  const input = within(dialog()).getByRole('combobox', { name: 'IP whitelist' });
  fireEvent.change(input, { target: { value: entry } });
  fireEvent.keyDown(input, { key: 'Enter' });
}
/** The calls that sent a key (the member list the dialog loads is not one). */
const sentKeys = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith('/prod-api/system/api'));
const clickOk = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));

describe('the API key dialog', () => {
  it('names a white-list entry that is no address and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<CreateFlow />);
    typeName('Nightly');
    addWhiteListEntry('10.0.0.1');
    addWhiteListEntry('example.com');
    clickOk();
    expect(await screen.findByText('"example.com" is not a valid IP address or range')).toBeTruthy();
    // The project's members load for the default-handler picker; no key is sent.
    expect(sentKeys(fetch)).toEqual([]);
  });

  it('refuses "not all" with nothing ticked, which the server would read as all', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<CreateFlow />);
    typeName('Nightly');
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Allow every capability' }));
    clickOk();
    expect(await screen.findByText(/Please select at least one capability/)).toBeTruthy();
    // The project's members load for the default-handler picker; no key is sent.
    expect(sentKeys(fetch)).toEqual([]);
  });

  it('creates a key with the ticked capabilities, then shows the whole key once with a copy button', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 200, msg: 'ok', data: CREATED }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CreateFlow />);
    typeName('  Nightly ');
    addWhiteListEntry(' 10.0.0.0/8');
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Allow every capability' }));
    fireEvent.click(await within(dialog()).findByRole('checkbox', { name: 'Push reports' }));
    clickOk();

    const key = await screen.findByTestId('api-key-value');
    expect(key.textContent).toBe(KEY);
    const [url, init] = fetch.mock.calls.find(([u]) => u === '/prod-api/system/api') ?? [];
    expect(url).toBe('/prod-api/system/api');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      projectId: 7,
      apiName: 'Nightly',
      whiteList: ['10.0.0.0/8'],
      remark: null,
      enabled: true,
      features: { report: ['push'] },
      defaultHandlerId: null,
      expireTime: null,
    });
    expect(screen.getByTestId('api-curl').textContent).toContain(`CAT2BUG-API-KEY: ${KEY}`);

    await act(async () => fireEvent.click(screen.getByTestId('api-key-copy')));
    expect(writeText).toHaveBeenCalledWith(KEY);
    await waitFor(() => expect(screen.getByText('Key copied')).toBeTruthy());
  });
});
