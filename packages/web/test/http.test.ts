// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback } from '../src/lib/feedback.ts';
import { request } from '../src/lib/http.ts';

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
