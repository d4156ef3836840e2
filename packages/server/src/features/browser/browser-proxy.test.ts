import dnsPromises from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { BROWSER_PROXY, CONFIG_KEYS } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allowOutbound, refusedText } from '../../../test/outbound.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';
import { AppError } from '../../http/errors.ts';
import { outboundPolicy } from '../../lib/outbound.ts';
import { fetchPage } from './proxy-fetch.ts';

/** The site under test: a loopback peer whose pages are chosen by path; it records what arrives. */
const seen: http.IncomingHttpHeaders[] = [];
const peer = http.createServer((req, res) => {
  seen.push(req.headers);
  const url = new URL(req.url ?? '/', 'http://peer');
  if (url.pathname === '/shop/page.html') {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-language': 'en',
      'x-frame-options': 'DENY',
      'content-security-policy': "frame-ancestors 'none'",
      'set-cookie': 'site=1; Path=/',
      'strict-transport-security': 'max-age=100',
    });
    res.end(
      '<!doctype html><html><head><title>Shop</title></head><body><a href="cart.html">Cart</a></body></html>',
    );
  } else if (url.pathname === '/moved') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
  } else if (url.pathname === '/big') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(Buffer.alloc(BROWSER_PROXY.maxBytes + 1, 'a'));
  } else if (url.pathname === '/streamed-big') {
    // No content-length: the limit holds while reading, too.
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' });
    const chunk = Buffer.alloc(1024 * 1024, 'b');
    for (let i = 0; i < 6; i++) res.write(chunk);
    res.end();
  } else if (url.pathname === '/hang') {
    // Answers nothing: the proxy gives up.
  } else if (url.pathname === '/logo.png') {
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  } else {
    res.writeHead(404, { 'content-type': 'text/html' }).end('<p>missing</p>');
  }
});

/** An address of this machine other than loopback, if it has one. */
const ownAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4');

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let person: Person;
let site = '';
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  person = await t.signedIn();
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  port = (peer.address() as AddressInfo).port;
  site = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  peer.closeAllConnections();
  peer.close();
  await t.close();
});

const ticketOf = async (who: Person) => {
  const res = await api(who, 'POST', '/tools/browser/ticket');
  expect(res.code).toBe(200);
  expect(res.data.expiresIn).toBe(BROWSER_PROXY.ticketTtlMs / 1000);
  return res.data.ticket as string;
};

/** The proxy as the tool's frame calls it: no session header, the ticket in the address. */
const proxy = (url: string, ticket: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/tools/browser/proxy',
    query: { url, ticket, lang: 'en_US' },
    headers,
  });
const refusalOf = async (url: string, ticket: string) => {
  const res = await proxy(url, ticket);
  return res.json() as { code: number; msg: string };
};
const notAllowed = refusedText;

describe('the browser tool’s proxy refuses', () => {
  it('callers without a live ticket of their own, whatever header they send', async () => {
    expect((await refusalOf(`${site}/shop/page.html`, '')).code).toBe(401);
    expect((await refusalOf(`${site}/shop/page.html`, 'x'.repeat(32))).code).toBe(401);
    // The session's bearer token is not a ticket: the proxy does not take it.
    const withHeader = await t.call({
      method: 'GET',
      url: '/tools/browser/proxy',
      query: { url: `${site}/shop/page.html` },
      token: person.token,
    });
    expect(withHeader.body.code).toBe(401);
    // Nor does the ticket route give one without a session.
    expect((await t.call({ method: 'POST', url: '/tools/browser/ticket' })).body.code).toBe(401);

    const ticket = await ticketOf(person);
    // From another address than the one it was given to.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/tools/browser/proxy',
      query: { url: 'http://10.0.0.1/', ticket },
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.json().code).toBe(401);
    // After the session ended.
    const leaving = await t.signedIn();
    const left = await ticketOf(leaving);
    expect((await refusalOf('http://10.0.0.1/', left)).code).toBe(500);
    await api(leaving, 'POST', '/logout');
    expect((await refusalOf('http://10.0.0.1/', left)).code).toBe(401);
  });

  it('internal addresses while the allow-list is empty, as it is by default', async () => {
    const record = await t.db
      .selectFrom('sysConfig')
      .select('configValue')
      .where('configKey', '=', CONFIG_KEYS.outboundAllowRanges)
      .executeTakeFirstOrThrow();
    expect(record.configValue).toBe('');
    const ticket = await ticketOf(person);
    const before = seen.length;
    for (const [url, origin] of [
      [`${site}/shop/page.html`, site],
      [`http://[::1]:${port}/`, `http://[::1]:${port}`],
      ['http://169.254.169.254/latest/meta-data/', 'http://169.254.169.254'],
      ['http://10.0.0.1/', 'http://10.0.0.1'],
      [`http://localhost:${port}/`, `http://localhost:${port}`],
    ] as const) {
      expect(await refusalOf(url, ticket)).toEqual({ code: 500, msg: notAllowed(origin) });
    }
    expect(seen.length).toBe(before);
  });

  it('a public-looking name that resolves to a private address', async () => {
    const lookup = vi
      .spyOn(dnsPromises, 'lookup')
      .mockImplementation((async (host: string) =>
        host === 'shop.example.com'
          ? [{ address: '10.20.30.40', family: 4 }]
          : [{ address: '93.184.215.14', family: 4 }]) as never);
    try {
      const ticket = await ticketOf(person);
      expect(await refusalOf('http://shop.example.com/cart', ticket)).toEqual({
        code: 500,
        msg: notAllowed('http://shop.example.com', '10.20.30.40'),
      });
      expect(lookup).toHaveBeenCalledWith('shop.example.com', expect.anything());
    } finally {
      lookup.mockRestore();
    }
  });

  it('anything but an http(s) address', async () => {
    const ticket = await ticketOf(person);
    expect(await refusalOf('file:///etc/passwd', ticket)).toEqual({
      code: 500,
      msg: 'Only http:// and https:// addresses can be called, not file:',
    });
    expect((await refusalOf('javascript:alert(1)', ticket)).msg).toMatch(/not javascript:/);
    expect((await refusalOf('shop page', ticket)).msg).toBe(
      'Not a web address: shop page. Enter an address such as https://example.com',
    );
    expect((await refusalOf('x'.repeat(3000), ticket)).msg).toMatch(/url/);
  });

  it('the app’s own address', async () => {
    const ticket = await ticketOf(person);
    // inject's Host is localhost:80, the app's address as the browser sees it.
    for (const url of ['http://localhost:80/prod-api/getInfo', 'http://localhost/#/index'])
      expect(await refusalOf(url, ticket)).toEqual({
        code: 500,
        msg: 'http://localhost is this server itself: the browser tool only opens other sites',
      });
    // Another port of the same name is another site (judged by the address rules like any other).
    expect((await refusalOf('http://localhost:5173/', ticket)).msg).toBe(notAllowed('http://localhost:5173'));
  });

  it('in the tool’s frame, as a page saying why in the tool’s language', async () => {
    const ticket = await ticketOf(person);
    const res = await t.app.inject({
      method: 'GET',
      url: '/tools/browser/proxy',
      query: { url: 'http://169.254.169.254/', ticket, lang: 'zh_CN' },
      headers: { 'sec-fetch-dest': 'iframe', accept: 'text/html' },
    });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).toContain('浏览器工具无法打开此页面');
    expect(res.body).toContain(
      '不允许访问地址 http://169.254.169.254：它指向内网、本机回环或链路本地网络。管理员可在',
    );
    // A missing ticket too: the frame shows the reason rather than a blank "refused to connect".
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/tools/browser/proxy?url=http%3A%2F%2Fexample.com%2F&lang=en_US',
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(anonymous.body).toContain('Authentication failed');
    expect(anonymous.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('with loopback allowed explicitly (the test site), the proxy', () => {
  beforeAll(async () => {
    await allowOutbound(t.db, '127.0.0.1/32');
  });

  it('serves the page sandboxed, with a <base> to its site and the pane script first', async () => {
    const ticket = await ticketOf(person);
    const res = await proxy(`${site}/shop/page.html`, ticket, {
      'user-agent': 'Mozilla/5.0 (iPhone) Test',
      'accept-language': 'de',
      cookie: 'Admin-Token=secret',
      authorization: `Bearer ${person.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers['content-security-policy']).toBe(
      "sandbox allow-scripts allow-forms allow-popups allow-modals; frame-ancestors 'self'",
    );
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['strict-transport-security']).not.toBe('max-age=100');
    const head = `<head><base href="${site}/shop/page.html"><script>(function (BASE) {`;
    expect(res.body).toContain(head);
    expect(res.body.indexOf('<title>Shop</title>')).toBeGreaterThan(res.body.indexOf('</script>'));
    expect(res.body).toContain('<a href="cart.html">Cart</a>');
    // The site saw the browser's description, none of our credentials.
    const asked = seen.at(-1) ?? {};
    expect(asked['user-agent']).toBe('Mozilla/5.0 (iPhone) Test');
    expect(asked['accept-language']).toBe('de');
    expect(asked.cookie).toBeUndefined();
    expect(asked.authorization).toBeUndefined();
    expect(JSON.stringify(asked)).not.toContain(ticket);
  });

  it('passes other content and the site’s status through as they are', async () => {
    const ticket = await ticketOf(person);
    const logo = await proxy(`${site}/logo.png`, ticket);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const missing = await proxy(`${site}/nowhere`, ticket);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<base href=');
  });

  it('follows a redirect within what is allowed, with <base> at the address that answered', async () => {
    const ticket = await ticketOf(person);
    const res = await proxy(`${site}/moved?to=${encodeURIComponent('/shop/page.html')}`, ticket);
    expect(res.body).toContain(`<base href="${site}/shop/page.html">`);
  });

  it('refuses a redirect to a loopback address the allow-list leaves out, before connecting', async () => {
    const ticket = await ticketOf(person);
    for (const [to, origin] of [
      [`http://[::1]:${port}/shop/page.html`, `http://[::1]:${port}`],
      [`http://127.0.0.2:${port}/`, `http://127.0.0.2:${port}`],
      ['http://169.254.169.254/', 'http://169.254.169.254'],
    ] as const) {
      const before = seen.length;
      expect(await refusalOf(`${site}/moved?to=${encodeURIComponent(to)}`, ticket)).toEqual({
        code: 500,
        msg: notAllowed(origin),
      });
      expect(seen.length).toBe(before + 1);
    }
  });

  it('refuses a page over 5 MB, declared or streamed', async () => {
    const ticket = await ticketOf(person);
    for (const path of ['/big', '/streamed-big'])
      expect(await refusalOf(`${site}${path}`, ticket)).toEqual({
        code: 500,
        msg: `The page at ${site} is larger than 5 MB, the most the browser tool can open`,
      });
  });

  // A machine with no network interface but loopback (a sandbox) has no such address to refuse.
  it.skipIf(!ownAddress)(
    'refuses the server’s own interface addresses even when the allow-list takes them in',
    async () => {
      const own = ownAddress as os.NetworkInterfaceInfo;
      await allowOutbound(t.db, `127.0.0.1/32,${own.address}/32`);
      try {
        const ticket = await ticketOf(person);
        expect(await refusalOf(`http://${own.address}:${port}/`, ticket)).toEqual({
          code: 500,
          msg: `The address http://${own.address}:${port} is this server's own network address, which is never called`,
        });
      } finally {
        await allowOutbound(t.db, '127.0.0.1/32');
      }
    },
  );

  it('counts each person’s pages: past the limit a minute, a clear refusal', async () => {
    const busy = await t.signedIn();
    const ticket = await ticketOf(busy);
    let answer = { code: 0, msg: '' };
    for (let i = 0; i <= BROWSER_PROXY.perUserPerMinute; i++) answer = await refusalOf('file:///x', ticket);
    expect(answer.code).toBe(429);
    expect(answer.msg).toMatch(/^Too many requests from you; try again in \d+ s$/);
    // Another person is not held back by it.
    expect((await refusalOf('file:///x', await ticketOf(person))).code).toBe(500);
  });
});

describe('fetchPage', () => {
  it('gives up on a site that does not answer in time', async () => {
    const started = Date.now();
    const error = await fetchPage(
      new URL(`${site}/hang`),
      outboundPolicy('127.0.0.1/32'),
      {},
      {
        maxBytes: BROWSER_PROXY.maxBytes,
        timeoutMs: 300,
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ key: 'browser.proxy.timeout', args: [site, 0.3] });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('tells a name that does not resolve from a site that refuses the connection', async () => {
    const policy = outboundPolicy('127.0.0.0/8');
    await expect(fetchPage(new URL('http://nowhere.invalid/'), policy, {})).rejects.toMatchObject({
      key: 'browser.proxy.unresolved',
      args: ['nowhere.invalid'],
    });
    await expect(fetchPage(new URL('http://127.0.0.1:1/'), policy, {})).rejects.toMatchObject({
      key: 'browser.proxy.unreachable',
      args: ['http://127.0.0.1:1'],
    });
  });
});
