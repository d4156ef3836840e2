// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeCaseView, getCase } from '../src/features/cases/cases.api.ts';
import { closeDefectView, getDefect } from '../src/features/defects/defects.api.ts';
import { setFeedback } from '../src/lib/feedback.ts';
import { request, sendQuietly } from '../src/lib/http.ts';

const shown: string[] = [];

beforeEach(() => {
  shown.length = 0;
  const record = (text: unknown) => {
    shown.push(typeof text === 'string' ? text : JSON.stringify(text));
    return undefined as never;
  };
  setFeedback({
    message: {
      error: record,
      warning: record,
      success: record,
      info: record,
      loading: record,
      open: record,
      destroy: () => {},
    },
    modal: { confirm: record, success: record, error: record },
    notification: {
      error: record,
      success: record,
      info: record,
      warning: record,
      open: record,
      destroy: () => {},
    },
  } as unknown as Parameters<typeof setFeedback>[0]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok' }), { status: 200 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request duplicate-submit guard', () => {
  it('rejects an identical POST sent again at once, without calling the server', async () => {
    await request({ url: '/system/config', method: 'POST', data: { a: 1 } });
    await expect(request({ url: '/system/config', method: 'POST', data: { a: 1 } })).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets the POST through when repeatSubmit is false', async () => {
    await request({ url: '/system/dict/type', method: 'POST', data: { a: 2 }, repeatSubmit: false });
    await request({ url: '/system/dict/type', method: 'POST', data: { a: 2 }, repeatSubmit: false });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never blocks repeated GETs', async () => {
    await request({ url: '/getInfo' });
    await request({ url: '/getInfo' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('request envelope handling', () => {
  it('rejects a business error with the server message and shows it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 500, msg: 'boom' }), { status: 200 })),
    );
    await expect(request({ url: '/x' })).rejects.toThrow('boom');
    expect(shown).toContain('boom');
  });

  it('sends the language header and serialises nested params', async () => {
    await request({
      url: '/monitor/logininfor/list',
      params: { pageNum: 1, params: { beginTime: '2026-01-01' } },
    });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(String(url)).toBe('/prod-api/monitor/logininfor/list?pageNum=1&params%5BbeginTime%5D=2026-01-01');
    expect(new Headers(init?.headers).get('language')).toBe('zh_CN');
  });
});

describe('sendQuietly', () => {
  it('resolves and shows nothing when the network fails or the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(sendQuietly({ url: '/system/defect/close-edit-window' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await expect(sendQuietly({ url: '/system/defect/close-edit-window' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 401, msg: 'expired' }), { status: 200 })),
    );
    await expect(sendQuietly({ url: '/system/defect/close-edit-window' })).resolves.toBeUndefined();
    expect(shown).toEqual([]);
  });

  it('posts every time (no duplicate guard), kept alive past the page', async () => {
    await sendQuietly({ url: '/system/defect/close-edit-window' });
    await sendQuietly({ url: '/system/defect/close-edit-window' });
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/system/defect/close-edit-window');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
  });
});

describe('closing an item view', () => {
  it('holds the next view back until the close has been answered, so it cannot wipe the new mark', async () => {
    const calls: string[] = [];
    let answerClose = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.endsWith('close-edit-window')) await new Promise<void>((done) => (answerClose = done));
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: {} }), { status: 200 });
      }),
    );
    closeDefectView();
    const view = getDefect(7);
    await new Promise((done) => setTimeout(done, 10));
    expect(calls).toEqual(['/prod-api/system/defect/close-edit-window']);
    answerClose();
    await view;
    expect(calls).toEqual(['/prod-api/system/defect/close-edit-window', '/prod-api/system/defect/7']);
  });

  it('holds views of either kind back for every close still on its way (each close clears all marks)', async () => {
    const calls: string[] = [];
    let answerCaseClose = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.endsWith('case/close-edit-window'))
          await new Promise<void>((done) => (answerCaseClose = done));
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: {} }), { status: 200 });
      }),
    );
    closeCaseView();
    closeDefectView();
    const defectView = getDefect(7);
    const caseView = getCase(3);
    await new Promise((done) => setTimeout(done, 10));
    expect(calls).toEqual([
      '/prod-api/system/case/close-edit-window',
      '/prod-api/system/defect/close-edit-window',
    ]);
    answerCaseClose();
    await Promise.all([defectView, caseView]);
    expect(calls.slice(2).sort()).toEqual(['/prod-api/system/case/3', '/prod-api/system/defect/7']);
  });
});
