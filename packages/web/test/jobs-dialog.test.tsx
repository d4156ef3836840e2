import { JOB_TASKS } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CronBuilder } from '../src/features/jobs/cron-builder.tsx';
import { JobDialog } from '../src/features/jobs/job-dialog.tsx';
import { changeLocale } from '../src/lib/i18n.ts';

beforeAll(async () => {
  await changeLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const TIMES = [
  '2030-01-01 02:30:00',
  '2030-01-08 02:30:00',
  '2030-01-15 02:30:00',
  '2030-01-22 02:30:00',
  '2030-01-29 02:30:00',
];

/** The server as the dialog sees it: the task list, dictionaries, the cron preview and the save. */
function stubServer() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/prod-api/monitor/job/tasks'))
      return json({ code: 200, msg: 'ok', data: JOB_TASKS });
    if (path.startsWith('/prod-api/monitor/job/cron/next')) {
      const expression = new URL(path, 'http://x').searchParams.get('cronExpression');
      return json({ code: 200, msg: 'ok', data: TIMES.map((time) => `${time} (${expression})`) });
    }
    if (path.includes('/system/dict/data/type/sys_job_group'))
      return json({ code: 200, msg: 'ok', data: [{ dictValue: 'DEFAULT', dictLabel: '默认' }] });
    return json({ code: 200, msg: 'ok', data: init?.method === 'POST' ? { jobId: 9 } : [] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{children}</App>
  </QueryClientProvider>
);

describe('the job dialog', () => {
  it('builds the target from a task and its typed arguments, checks the cron and previews its runs', {
    timeout: 20_000,
  }, async () => {
    const fetch = stubServer();
    const onClose = vi.fn();
    render(<JobDialog target={null} onClose={onClose} />, { wrapper: Providers });
    const dialog = within(screen.getByRole('dialog'));
    // The default schedule's next run times, as the server reads it.
    expect(await dialog.findByText(`${TIMES[0]} (0 0 3 * * ?)`)).toBeTruthy();

    const cron = dialog.getByLabelText('Cron expression', { selector: 'input' });
    fireEvent.change(cron, { target: { value: '0 0 25 * * ?' } });
    expect(
      (await dialog.findAllByText('The hour field of the cron expression is wrong: 25')).length,
    ).toBeGreaterThan(0);
    fireEvent.change(cron, { target: { value: '0 30 2 ? * MON' } });
    expect(await dialog.findByText(`${TIMES[4]} (0 30 2 ? * MON)`)).toBeTruthy();

    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Invoke target' }));
    fireEvent.click(await screen.findByTitle('Back up the database'));
    expect(await dialog.findByText('backupDatabase(7)')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Copies kept'), { target: { value: '3' } });
    expect(await dialog.findByText('backupDatabase(3)')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Job name'), { target: { value: 'Nightly backup' } });
    fireEvent.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/prod-api/monitor/job');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      jobName: 'Nightly backup',
      jobGroup: 'DEFAULT',
      invokeTarget: 'backupDatabase(3)',
      cronExpression: '0 30 2 ? * MON',
      misfirePolicy: '3',
      concurrent: '1',
      status: '1',
    });
  });

  it('shows why a stored target outside the whitelist cannot run and sends nothing', async () => {
    const fetch = stubServer();
    const job = {
      jobId: 4,
      jobName: 'Old RuoYi job',
      jobGroup: 'DEFAULT',
      invokeTarget: "ryTask.ryParams('ry')",
      cronExpression: '0/10 * * * * ?',
      misfirePolicy: '3',
      concurrent: '1',
      status: '1',
      nextValidTime: null,
      createBy: 'admin',
      createTime: '2025-01-01 00:00:00',
      updateBy: null,
      updateTime: null,
      remark: null,
    };
    render(<JobDialog target={job} onClose={() => {}} />, { wrapper: Providers });
    const dialog = within(screen.getByRole('dialog'));
    const reason = "The invoke target ryTask.ryParams('ry') is not of the form task(arguments)";
    expect(await dialog.findByText(reason)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(dialog.getAllByText(reason)).toHaveLength(2));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});

describe('the cron builder', () => {
  it('builds the expression field by field, keeping day and weekday exclusive', {
    timeout: 20_000,
  }, async () => {
    stubServer();
    const onOk = vi.fn();
    render(<CronBuilder open value="0 0 3 * * ?" onOk={onOk} onCancel={() => {}} />, { wrapper: Providers });
    const built = () => (screen.getByTestId('cron-built') as HTMLInputElement).value;
    expect(built()).toBe('0 0 3 * * ?');

    fireEvent.click(screen.getByRole('tab', { name: 'Weekday' }));
    const weekday = within(screen.getByRole('tabpanel', { name: 'Weekday' }));
    fireEvent.click(weekday.getByRole('radio', { name: 'Specific values' }));
    fireEvent.click(weekday.getByRole('checkbox', { name: 'Monday' }));
    fireEvent.click(weekday.getByRole('checkbox', { name: 'Friday' }));
    // Specific values start from the first one ticked, so the expression is never empty.
    expect(built()).toBe('0 0 3 ? * 1,2,6');
    fireEvent.click(weekday.getByRole('checkbox', { name: 'Sunday' }));
    expect(built()).toBe('0 0 3 ? * 2,6');

    fireEvent.click(screen.getByRole('tab', { name: 'Minute' }));
    const minute = within(screen.getByRole('tabpanel', { name: 'Minute' }));
    fireEvent.click(minute.getByRole('radio', { name: /Starting at/ }));
    expect(built()).toBe('0 0/1 3 ? * 2,6');

    fireEvent.click(screen.getByRole('tab', { name: 'Day' }));
    fireEvent.click(
      within(screen.getByRole('tabpanel', { name: 'Day' })).getByRole('radio', {
        name: 'Last day of the month',
      }),
    );
    expect(built()).toBe('0 0/1 3 L * ?');

    fireEvent.click(screen.getByRole('tab', { name: 'Year' }));
    fireEvent.click(
      within(screen.getByRole('tabpanel', { name: 'Year' })).getByRole('radio', { name: /^From/ }),
    );
    const year = new Date().getFullYear();
    expect(built()).toBe(`0 0/1 3 L * ? ${year}-${year + 1}`);
    expect(await screen.findByText(`${TIMES[0]} (0 0/1 3 L * ? ${year}-${year + 1})`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledWith(`0 0/1 3 L * ? ${year}-${year + 1}`);
  });
});
