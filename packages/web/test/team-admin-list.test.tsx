import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import TeamAdminListPage from '../src/features/teams/team-admin-list-page.tsx';
import { changeLocale } from '../src/lib/i18n.ts';
import { useSession } from '../src/stores/session.store.ts';

beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const TEAMS = [
  { teamId: 5, teamName: 'Alpha', teamIcon: null, introduce: 'First', createBy: 'ann', createById: 2 },
  { teamId: 6, teamName: 'Beta', teamIcon: null, introduce: null, createBy: 'bob', createById: 3 },
].map((team) => ({ ...team, createTime: '2026-01-01 10:00:00', updateTime: '2026-01-02 10:00:00' }));

/** The server as the page sees it: the team list, filtered by name, and the delete it is sent. */
function stubServer() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (String(url).includes('/system/team/list')) {
        const name = new URL(String(url), 'http://x').searchParams.get('teamName') ?? '';
        const rows = TEAMS.filter((team) => team.teamName.includes(name));
        return json({ code: 200, msg: 'ok', rows, total: rows.length });
      }
      return json({ code: 200, msg: 'ok' });
    }),
  );
  return calls;
}

const Providers = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/system/team?teamName=Al']}>
    <QueryClientProvider client={new QueryClient()}>
      <App>{children}</App>
    </QueryClientProvider>
  </MemoryRouter>
);

describe('the administrator’s team list', () => {
  it('lists the filtered teams and deletes one with the administrator’s password', {
    timeout: 20_000,
  }, async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    const calls = stubServer();
    render(<TeamAdminListPage />, { wrapper: Providers });
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(screen.queryByText('Beta')).toBeNull();
    const row = screen.getByText('Alpha').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/ID 5 removes their projects/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'cat2bug' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(removal?.url).toMatch(/\/system\/team\/5$/);
    expect(removal?.body).toEqual({ password: 'cat2bug' });
  });
});
