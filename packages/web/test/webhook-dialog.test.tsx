import type { Webhook, WebhookDelivery } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebhookDialog } from '../src/features/project-api/webhook-dialog.tsx';
import { WebhooksCard } from '../src/features/project-api/webhooks-card.tsx';
import { changeLocale } from '../src/lib/i18n.ts';
import { useSession } from '../src/stores/session.store.ts';

const HOOK: Webhook = {
  webhookId: 3,
  projectId: 7,
  webhookUrl: 'https://hooks.example.com/buglet',
  events: ['defect.created'],
  enabled: true,
  remark: 'CI bot',
  secretSet: true,
  createTime: '2025-01-31 12:00:00',
};
const FAILED_PING: WebhookDelivery = {
  deliveryId: 41,
  event: 'ping',
  state: 'failed',
  attempts: 1,
  responseCode: 500,
  lastError: 'the webhook answered HTTP 500',
  createTime: '2025-01-31 12:01:00',
  sentTime: '2025-01-31 12:01:01',
};

beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers each call with what `route` gives for its method and path, and keeps the calls. */
function stubFetch(route: (method: string, path: string) => unknown = () => ({ code: 200, msg: 'ok' })) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => json(route(init?.method ?? 'GET', url)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sentBody = (fetch: ReturnType<typeof stubFetch>, method: string) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method);
  return { url: call?.[0], body: JSON.parse(String(call?.[1]?.body)) as unknown };
};

const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{children}</App>
  </QueryClientProvider>
);

const dialog = () => screen.getByRole('dialog');
const typeUrl = (url: string) =>
  fireEvent.change(within(dialog()).getByLabelText('URL'), { target: { value: url } });
const clickOk = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));

describe('the webhook dialog', () => {
  it('refuses an address that is not http(s) and sends nothing', async () => {
    const fetch = stubFetch();
    render(<WebhookDialog projectId={7} target={null} onClose={() => {}} />, { wrapper: Providers });
    typeUrl('ftp://files.example.com/hook');
    clickOk();
    expect(await screen.findByText(/must be an http:\/\/ or https:\/\/ URL of at most 1024/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates a webhook with the ticked events in the contract order and a generated secret', async () => {
    const fetch = stubFetch(() => ({ code: 200, msg: 'ok', data: HOOK }));
    const onClose = vi.fn();
    render(<WebhookDialog projectId={7} target={null} onClose={onClose} />, { wrapper: Providers });
    typeUrl('  https://hooks.example.com/buglet ');
    fireEvent.click(within(dialog()).getByRole('button', { name: /Generate/ }));
    const secretInput = within(dialog()).getByLabelText('Secret') as HTMLInputElement;
    const secret = secretInput.value;
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    // Shown, so it can be copied before it is saved and never shown again.
    expect(secretInput.type).toBe('text');
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /^Report pushed/ }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /^Defect commented on/ }));
    clickOk();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { url, body } = sentBody(fetch, 'POST');
    expect(url).toBe('/prod-api/system/webhook');
    expect(body).toEqual({
      projectId: 7,
      webhookUrl: 'https://hooks.example.com/buglet',
      secret,
      events: ['defect.commented', 'report.pushed'],
      enabled: true,
      remark: null,
    });
  });

  it('keeps the old secret on a modify where none is typed', async () => {
    const fetch = stubFetch(() => ({ code: 200, msg: 'ok', data: HOOK }));
    const onClose = vi.fn();
    render(<WebhookDialog projectId={7} target={HOOK} onClose={onClose} />, { wrapper: Providers });
    const secretInput = within(dialog()).getByLabelText('Secret') as HTMLInputElement;
    expect(secretInput.placeholder).toBe('Unchanged unless you type a new one');
    expect((within(dialog()).getByLabelText('URL') as HTMLInputElement).value).toBe(HOOK.webhookUrl);
    clickOk();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { url, body } = sentBody(fetch, 'PUT');
    expect(url).toBe('/prod-api/system/webhook');
    expect(body).toEqual({
      webhookId: 3,
      webhookUrl: HOOK.webhookUrl,
      events: ['defect.created'],
      enabled: true,
      remark: 'CI bot',
    });
  });
});

describe('the webhooks card', () => {
  const route = (method: string, path: string) => {
    if (path.startsWith('/prod-api/system/webhook/list'))
      return { code: 200, msg: 'ok', rows: [HOOK], total: 1 };
    if (path === '/prod-api/system/webhook/3/test') return { code: 200, msg: 'ok', data: FAILED_PING };
    if (path === '/prod-api/system/webhook/3/deliveries')
      return { code: 200, msg: 'ok', rows: [FAILED_PING], total: 1 };
    return { code: 200, msg: 'ok', data: method === 'PUT' ? { ...HOOK, enabled: false } : undefined };
  };

  it('lists the webhooks, says why a test failed, shows the delivery log and switches one off', async () => {
    useSession.setState({ permissions: ['*:*:*'] });
    const fetch = stubFetch(route);
    render(<WebhooksCard projectId={7} />, { wrapper: Providers });
    const card = screen.getByTestId('webhooks');
    expect(within(card).getByText(/X-Buglet-Signature-256/)).toBeTruthy();
    expect(await within(card).findByText(HOOK.webhookUrl)).toBeTruthy();
    expect(within(card).getByText('Defect created')).toBeTruthy();
    expect(within(card).getByText('Set')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: /Send test/ }));
    expect(await screen.findByText('Test failed: the webhook answered HTTP 500')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: /Deliveries/ }));
    const log = await screen.findByTestId('webhook-deliveries');
    expect(await within(log).findByText('Failed')).toBeTruthy();
    expect(within(log).getByText('Test (ping)')).toBeTruthy();
    expect(within(log).getByText('500')).toBeTruthy();

    fireEvent.click(within(card).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(sentBody(fetch, 'PUT').body).toEqual({ webhookId: 3, enabled: false }));
  });
});
