import type { Member } from '@buglet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acceptedValues,
  fieldsToAnalyse,
  isAlreadyThere,
  outcomeOf,
  suggestionOf,
} from '../src/features/defects/defect-autofill.ts';
import { DefectFormDrawer } from '../src/features/defects/defect-form-drawer.tsx';
import i18n, { changeLocale } from '../src/lib/i18n.ts';

const typeLabel = (type: string) => `T:${type}`;

describe('what the analysis asks about', () => {
  it('every empty field, the type while the person has not chosen it', () => {
    expect(fieldsToAnalyse({ defectType: 'BUG', handleBy: [] }, false)).toEqual([
      'title',
      'module',
      'type',
      'member',
      'version',
    ]);
    expect(
      fieldsToAnalyse(
        { defectName: ' Cart ', moduleId: 3, defectType: 'BUG', handleBy: [4], moduleVersion: '1.0' },
        true,
      ),
    ).toEqual([]);
    expect(
      fieldsToAnalyse({ defectName: '  ', moduleId: 0, defectType: 'TASK', moduleVersion: ' ' }, true),
    ).toEqual(['title', 'module', 'member', 'version']);
    expect(
      fieldsToAnalyse({ defectName: 'x', moduleId: 3, handleBy: [4], moduleVersion: '1' }, true),
    ).toEqual(['type']);
  });
});

describe('what an answer suggests', () => {
  it('a value and how to show it, or nothing for an empty or odd answer', () => {
    expect(suggestionOf('title', { title: ' Cart is wrong ' }, typeLabel)).toEqual({
      field: 'title',
      value: 'Cart is wrong',
      label: 'Cart is wrong',
    });
    expect(suggestionOf('module', { moduleId: 5, modulePath: 'Shop/Cart' }, typeLabel)).toEqual({
      field: 'module',
      value: 5,
      label: 'Shop/Cart',
    });
    expect(suggestionOf('type', { type: 'TASK' }, typeLabel)).toEqual({
      field: 'type',
      value: 'TASK',
      label: 'T:TASK',
    });
    expect(suggestionOf('member', { memberId: 12, memberName: 'Alice' }, typeLabel)?.label).toBe('Alice');
    expect(suggestionOf('version', { version: '1.2.0' }, typeLabel)?.value).toBe('1.2.0');
    expect(suggestionOf('title', { title: null }, typeLabel)).toBeUndefined();
    expect(suggestionOf('module', { moduleId: null, modulePath: null }, typeLabel)).toBeUndefined();
    expect(suggestionOf('type', { type: null }, typeLabel)).toBeUndefined();
    expect(suggestionOf('member', { memberId: 0, memberName: null }, typeLabel)).toBeUndefined();
    expect(suggestionOf('version', null, typeLabel)).toBeUndefined();
  });

  it('accepting puts the value in its field; the suggested handler becomes the head', () => {
    const member = { field: 'member', value: 12, label: 'Alice' } as const;
    expect(acceptedValues(member, { handleBy: [4, 12] })).toEqual({ handleBy: [12, 4] });
    expect(acceptedValues(member, {})).toEqual({ handleBy: [12] });
    expect(acceptedValues({ field: 'module', value: 5, label: 'Shop' }, {})).toEqual({ moduleId: 5 });
    expect(isAlreadyThere(member, { handleBy: [12, 4] })).toBe(true);
    expect(isAlreadyThere(member, { handleBy: [4, 12] })).toBe(false);
    expect(isAlreadyThere({ field: 'title', value: 'A', label: 'A' }, { defectName: ' A ' })).toBe(true);
    expect(isAlreadyThere({ field: 'type', value: 'BUG', label: 'Bug' }, { defectType: 'BUG' })).toBe(false);
  });

  it('one message for a run: each distinct reason once', () => {
    const s = { field: 'title', value: 'A', label: 'A' } as const;
    expect(outcomeOf([{ suggestion: s }, {}])).toEqual({ kind: 'done', suggested: 1 });
    expect(outcomeOf([{ error: 'down' }, { error: 'down' }])).toEqual({ kind: 'failed', reason: 'down' });
    expect(outcomeOf([{ suggestion: s }, { error: 'a' }, { error: 'b' }])).toEqual({
      kind: 'partly',
      suggested: 1,
      failed: 2,
      reason: 'a; b',
    });
  });
});

// The drawer itself, against a fetch that answers as the server does.

const MEMBERS: Member[] = [
  {
    userId: 12,
    userName: 'alice',
    nickName: 'Alice',
    avatar: null,
    email: null,
    phoneNumber: null,
    sex: null,
    createTime: null,
    status: '0',
    roles: [],
    roleIds: [],
  },
];
const MODULES = [
  {
    moduleId: 5,
    modulePid: 0,
    moduleName: 'Cart',
    remark: null,
    projectId: 7,
    modulePath: 'Cart',
    childrenCount: 0,
    defectCount: 0,
    caseCount: 0,
  },
];
const ANSWERS: Record<string, unknown> = {
  title: { code: 200, msg: 'ok', data: { title: 'Cart badge shows the wrong count' } },
  module: { code: 200, msg: 'ok', data: { moduleId: 5, modulePath: 'Cart' } },
  type: { code: 200, msg: 'ok', data: { type: 'DEMAND' } },
  member: { code: 200, msg: 'ok', data: { memberId: 12, memberName: 'Alice' } },
  version: { code: 200, msg: 'ok', data: { version: '1.2.0' } },
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

/** Answers the module list and each analysis route; `hold` keeps one field's answer until released. */
function stubServer(answers: Record<string, unknown> = ANSWERS, hold?: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.includes('/system/module/list')) return json({ code: 200, msg: 'ok', data: MODULES });
    const field = /\/ai\/defect\/(\w+)/.exec(url)?.[1] ?? '';
    if (field === hold) await held;
    return json(answers[field] ?? { code: 200, msg: 'ok' });
  });
  vi.stubGlobal('fetch', fetch);
  const asked = () =>
    fetch.mock.calls
      .filter(([url]) => String(url).includes('/ai/defect/'))
      .map(([url, init]) => ({
        field: /\/ai\/defect\/(\w+)/.exec(String(url))?.[1],
        body: JSON.parse(String(init?.body)) as unknown,
      }));
  return { fetch, asked, release };
}

const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{children}</App>
  </QueryClientProvider>
);

function openDrawer() {
  render(
    <DefectFormDrawer projectId={7} members={MEMBERS} target={{}} onClose={() => {}} onSaved={() => {}} />,
    { wrapper: Providers },
  );
  const drawer = screen.getByRole('dialog');
  return {
    drawer,
    describe: (text: string) =>
      fireEvent.change(within(drawer).getByPlaceholderText(i18n.t('defect.describe-placeholder')), {
        target: { value: text },
      }),
    analyse: () => fireEvent.click(within(drawer).getByTestId('defect-ai-analyse')),
    line: (field: string) => within(drawer).queryByTestId(`ai-suggestion-${field}`),
    titleInput: () =>
      within(drawer).getByPlaceholderText(i18n.t('defect.title-placeholder')) as HTMLInputElement,
    versionInput: () =>
      within(drawer).getByPlaceholderText(i18n.t('defect.version-placeholder')) as HTMLInputElement,
  };
}

// Rendering antd's drawer in jsdom is slow on a busy machine.
describe('the AI analysis in the defect form', { timeout: 30_000 }, () => {
  it('asks about every empty field at once and shows suggestions to accept or ignore', async () => {
    const server = stubServer();
    const form = openDrawer();
    form.describe('The cart badge shows 3 items after I removed one');
    form.analyse();
    await waitFor(() => expect(form.line('version')).toBeTruthy());
    // A quick run took a second, said in the singular.
    expect(
      await screen.findByText('Analysis done in 1 second: see the suggestions under the fields'),
    ).toBeTruthy();
    expect(server.asked().map((a) => a.field)).toEqual(['title', 'module', 'type', 'member', 'version']);
    expect(server.asked()[0]?.body).toEqual({
      projectId: 7,
      describe: 'The cart badge shows 3 items after I removed one',
      imgUrls: null,
    });
    // Nothing is filled until the person accepts.
    expect(form.titleInput().value).toBe('');
    expect(
      within(form.line('title') as HTMLElement).getByText('Cart badge shows the wrong count'),
    ).toBeTruthy();
    expect(within(form.line('type') as HTMLElement).getByText('Request')).toBeTruthy();
    expect(within(form.line('module') as HTMLElement).getByText('Cart')).toBeTruthy();

    fireEvent.click(within(form.line('title') as HTMLElement).getByRole('button', { name: 'Accept' }));
    expect(form.titleInput().value).toBe('Cart badge shows the wrong count');
    expect(form.line('title')).toBeNull();
    fireEvent.click(within(form.line('version') as HTMLElement).getByRole('button', { name: 'Ignore' }));
    expect(form.line('version')).toBeNull();
    expect(form.versionInput().value).toBe('');
    fireEvent.click(within(form.line('type') as HTMLElement).getByRole('button', { name: 'Accept' }));
    expect((within(form.drawer).getByRole('radio', { name: 'Request' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('cannot run twice at once, and says when no field is left', async () => {
    const server = stubServer(ANSWERS, 'title');
    const form = openDrawer();
    form.describe('Checkout hangs');
    form.analyse();
    await waitFor(() => expect(server.asked()).toHaveLength(5));
    const button = within(form.drawer).getByTestId('defect-ai-analyse');
    expect(button.textContent).toContain('Analyzing...');
    form.analyse();
    expect(server.asked()).toHaveLength(5);
    server.release();
    await waitFor(() => expect(form.line('title')).toBeTruthy());
    for (const field of ['title', 'module', 'type', 'member', 'version'])
      fireEvent.click(within(form.line(field) as HTMLElement).getByRole('button', { name: 'Accept' }));
    expect(form.versionInput().value).toBe('1.2.0');
    form.analyse();
    expect(await screen.findByText(/there is nothing left to analyze/)).toBeTruthy();
    expect(server.asked()).toHaveLength(5);
  });

  it('needs a description first', async () => {
    const server = stubServer();
    const form = openDrawer();
    form.analyse();
    expect(await screen.findByText('Enter the description first: the analysis is based on it')).toBeTruthy();
    expect(server.asked()).toHaveLength(0);
  });

  it('says once, clearly, when the AI server is down, and suggests nothing', async () => {
    const down = { code: 500, msg: 'The AI server at http://127.0.0.1:9 cannot be reached' };
    stubServer(Object.fromEntries(Object.keys(ANSWERS).map((f) => [f, down])));
    const form = openDrawer();
    form.describe('The cart is empty');
    form.analyse();
    expect(
      await screen.findByText(
        'The AI analysis failed: The AI server at http://127.0.0.1:9 cannot be reached',
      ),
    ).toBeTruthy();
    for (const field of Object.keys(ANSWERS)) expect(form.line(field)).toBeNull();
  });

  it('says what happened when the AI suggested nothing usable', async () => {
    const nothing = { code: 200, msg: 'ok', data: null };
    stubServer(Object.fromEntries(Object.keys(ANSWERS).map((f) => [f, nothing])));
    const form = openDrawer();
    form.describe('The cart is empty');
    form.analyse();
    expect(
      await screen.findByText(
        'The AI answered in 1 second but had no usable suggestion for the empty fields: fill them in yourself, or describe the defect in more detail and try again',
      ),
    ).toBeTruthy();
    for (const field of Object.keys(ANSWERS)) expect(form.line(field)).toBeNull();
  });

  it('keeps what it got when some fields fail, and names why the others did', async () => {
    stubServer({
      ...ANSWERS,
      module: { code: 200, msg: 'ok', data: { moduleId: null, modulePath: null } },
      version: { code: 500, msg: 'The model llama3:8b has not been downloaded to the AI server' },
    });
    const form = openDrawer();
    form.describe('The cart is empty');
    form.analyse();
    expect(
      await screen.findByText(
        /in 1 second; 1 field could not be analyzed: The model llama3:8b has not been downloaded/,
      ),
    ).toBeTruthy();
    expect(form.line('title')).toBeTruthy();
    expect(form.line('module')).toBeNull();
    expect(form.line('version')).toBeNull();
  });
});
