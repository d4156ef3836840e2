// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBaseUrl, fetchApiDocs, withSession } from '../src/features/api-docs/api-docs.api.ts';
import { removeToken, setToken } from '../src/lib/cookies.ts';
import { hasPage } from '../src/router/components.ts';

afterEach(() => {
  removeToken();
  vi.unstubAllGlobals();
});

describe('the API documentation page', () => {
  it('is the page of the tool/swagger menu', () => {
    expect(hasPage('tool/swagger/index')).toBe(true);
  });

  it('points the document at the API base the app uses', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(JSON.stringify({ openapi: '3.1.0', paths: {} }), { status: 200 });
      }),
    );
    const doc = await fetchApiDocs();
    expect(fetched).toEqual(['/prod-api/v3/api-docs']);
    expect(doc).toMatchObject({ openapi: '3.1.0', servers: [{ url: `${window.location.origin}/prod-api` }] });
  });

  it('tries calls to this server as the signed-in person, and sends the session nowhere else', () => {
    setToken('session-token');
    const ours = withSession({ url: `${apiBaseUrl()}/system/defect/list`, headers: {} });
    expect(ours.headers).toEqual({ Authorization: 'Bearer session-token', language: 'zh_CN' });
    // Authorised by hand (Authorize): that header stays.
    const own = withSession({ url: `${apiBaseUrl()}/getInfo`, headers: { authorization: 'Bearer other' } });
    expect(own.headers).toEqual({ authorization: 'Bearer other', language: 'zh_CN' });
    const elsewhere = withSession({ url: 'https://example.com/prod-api/getInfo', headers: {} });
    expect(elsewhere.headers).toEqual({});
  });
});
