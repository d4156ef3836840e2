import type { User } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChangePasswordFields } from '../src/components/password-fields.tsx';
import { ResetPasswordDialog } from '../src/features/users/reset-password-dialog.tsx';
import { changeLocale } from '../src/lib/i18n.ts';

beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STRICT = { minLength: 8, requireLetter: true, requireDigit: true };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The server as the forms see it: the policy at /passwordPolicy, and any other call answered ok. */
function serverWith(policy: typeof STRICT) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url.endsWith('/passwordPolicy')
      ? json({ code: 200, msg: 'ok', data: policy })
      : json({ code: 200, msg: 'ok' }),
  );
  vi.stubGlobal('fetch', fetch);
  const sent = () => fetch.mock.calls.filter(([url]) => !url.endsWith('/passwordPolicy'));
  return { fetch, sent };
}

const USER = { userId: 7, userName: 'tess' } as User;
const wrap = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{node}</App>
  </QueryClientProvider>
);

describe('the reset-password dialog', () => {
  const dialog = () => screen.getByRole('dialog');
  const type = (value: string) =>
    fireEvent.change(within(dialog()).getByLabelText('New password for tess'), { target: { value } });
  const ok = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));

  it('shows the server’s policy and refuses what breaks it before sending, naming the rule', {
    timeout: 30_000,
  }, async () => {
    const server = serverWith(STRICT);
    render(wrap(<ResetPasswordDialog user={USER} onClose={() => {}} />));
    expect(
      await screen.findByText('8 to 20 characters, with at least one letter and one digit'),
    ).toBeTruthy();

    type('abc123');
    ok();
    expect(await screen.findByText('The password must be 8 to 20 characters long')).toBeTruthy();
    type('abcdefghij');
    ok();
    expect(await screen.findByText('The password must contain at least one digit (0–9)')).toBeTruthy();
    type('1234567890');
    ok();
    expect(await screen.findByText('The password must contain at least one letter')).toBeTruthy();
    expect(server.sent()).toEqual([]);

    type('abcd12345');
    ok();
    await waitFor(() => expect(server.sent()).toHaveLength(1));
    const [url, init] = server.sent()[0] ?? [];
    expect(url).toBe('/prod-api/system/user/resetPwd');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 7, password: 'abcd12345' });
  });

  it('follows a lenient policy too: no letter or digit asked for', async () => {
    serverWith({ minLength: 5, requireLetter: false, requireDigit: false });
    render(wrap(<ResetPasswordDialog user={USER} onClose={() => {}} />));
    expect(await screen.findByText('5 to 20 characters')).toBeTruthy();
  });
});

describe('the change-password fields (personal center, first sign-in prompt)', () => {
  it('check the new password against the policy', async () => {
    serverWith({ minLength: 6, requireLetter: false, requireDigit: true });
    const onFinish = vi.fn();
    render(
      wrap(
        <Form onFinish={onFinish}>
          <ChangePasswordFields />
          <button type="submit">Save</button>
        </Form>,
      ),
    );
    expect(await screen.findByText('6 to 20 characters, with at least one digit')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'cat2bug' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'letters-only' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'letters-only' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password must contain at least one digit (0–9)')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
