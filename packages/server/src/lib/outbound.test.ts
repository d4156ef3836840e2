import { ADDRCONFIG, type LookupAllOptions } from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { until } from '../../test/until.ts';
import { translate } from '../http/i18n.ts';
import {
  assertPublicUrl,
  guardedFetch,
  guardedRequest,
  invalidRanges,
  isAddressAllowed,
  OutboundRefusedError,
  outboundPolicy,
} from './outbound.ts';

const strict = outboundPolicy('');
const loopback = outboundPolicy('127.0.0.0/8,::1/128');

/**
 * DNS as the guard sees it: the names in `table` resolve to the addresses (or fail with the error)
 * given, any other name as the system resolves it. The spy records the questions asked.
 */
function fakeDns(table: Record<string, string[] | Error>) {
  const real = dns.lookup.bind(dns);
  return vi.spyOn(dns, 'lookup').mockImplementation((async (host: string, options: LookupAllOptions) => {
    const answer = table[host];
    if (answer instanceof Error) throw answer;
    if (answer === undefined) return real(host, options);
    return answer.map((address) => ({ address, family: net.isIP(address) }));
  }) as never);
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the address classifier', () => {
  const table: Array<[string, boolean]> = [
    // public
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['100.63.255.255', true],
    ['100.128.0.0', true],
    ['172.15.255.255', true],
    ['172.32.0.0', true],
    ['169.253.255.255', true],
    ['223.255.255.255', true],
    ['2001:4860:4860::8888', true],
    ['2606:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::808:808', true],
    ['2002:808:808::1', true],
    ['::ffff:0:808:808', true],
    // loopback and unspecified
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['::1', false],
    ['::', false],
    ['0:0:0:0:0:0:0:1', false],
    // private, carrier-grade NAT, link-local, metadata
    ['10.0.0.1', false],
    ['10.255.255.255', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['100.100.100.200', false],
    ['169.254.0.1', false],
    ['169.254.169.254', false],
    ['fd00:ec2::254', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['febf::1', false],
    ['fec0::1', false],
    // multicast, broadcast, reserved
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['255.255.255.255', false],
    ['240.0.0.1', false],
    ['ff02::1', false],
    ['198.18.0.1', false],
    ['192.0.0.192', false],
    // IPv4 inside IPv6
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a9fe:a9fe', false],
    // 6to4, IPv4-translated, local-use NAT64, Teredo
    ['2002:7f00:1::', false],
    ['2002:a9fe:a9fe::1', false],
    ['2002:c0a8:101:5::1', false],
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:127.0.0.1', false],
    ['::ffff:0:a9fe:a9fe', false],
    ['64:ff9b:1::7f00:1', false],
    ['64:ff9b:1:ab:0:808:808:0', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2001:db8::1', false],
    // not an address at all
    ['localhost', false],
    ['', false],
    ['127.0.0.1.5', false],
  ];
  it.each(table)('%s: allowed %s', (address, allowed) => {
    expect(isAddressAllowed(address, strict)).toBe(allowed);
  });

  it('lets through exactly the ranges the administrator allows, in every notation', () => {
    expect(isAddressAllowed('127.0.0.1', loopback)).toBe(true);
    expect(isAddressAllowed('127.9.9.9', loopback)).toBe(true);
    expect(isAddressAllowed('::1', loopback)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', loopback)).toBe(true);
    expect(isAddressAllowed('::ffff:7f00:1', loopback)).toBe(true);
    expect(isAddressAllowed('10.0.0.1', loopback)).toBe(false);
    expect(isAddressAllowed('169.254.169.254', loopback)).toBe(false);
    expect(isAddressAllowed('::ffff:169.254.169.254', loopback)).toBe(false);
    expect(isAddressAllowed('fd00:ec2::254', loopback)).toBe(false);
    const lan = outboundPolicy(' 10.1.0.0/16 ; fd12::/16, 192.168.7.7 ');
    expect(lan.ranges).toEqual(['10.1.0.0/16', 'fd12::/16', '192.168.7.7']);
    expect(isAddressAllowed('10.1.200.3', lan)).toBe(true);
    expect(isAddressAllowed('10.2.0.1', lan)).toBe(false);
    expect(isAddressAllowed('fd12:3::1', lan)).toBe(true);
    expect(isAddressAllowed('192.168.7.7', lan)).toBe(true);
    expect(isAddressAllowed('192.168.7.8', lan)).toBe(false);
  });

  it('names the entries of an allow-list that are no range, and leaves them out', () => {
    expect(invalidRanges('127.0.0.0/8,::1/128, 10.0.0.1')).toEqual([]);
    expect(invalidRanges('10.0.0.0/33,fd00::/129,intranet,10.0.0.0/8/1,10.0.0.0/x,10.0.0/8')).toEqual([
      '10.0.0.0/33',
      'fd00::/129',
      'intranet',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
      '10.0.0/8',
    ]);
    expect(outboundPolicy('intranet,10.0.0.0/33').ranges).toEqual([]);
    expect(isAddressAllowed('10.0.0.1', outboundPolicy('10.0.0.0/33'))).toBe(false);
  });
});

/** The refusal of `origin`, naming the entry for its host's address (or for `resolvesTo`). */
const refusal = (origin: string, resolvesTo?: string) => {
  const host = new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1');
  const address = resolvesTo ?? (host === 'localhost' ? '127.0.0.1' : host);
  return new OutboundRefusedError('outbound.address.refused', [
    origin,
    address.includes(':') ? `${address}/128` : `${address}/32`,
  ]);
};

describe('a URL', () => {
  it.each([
    ['http://127.0.0.1:1/', 'http://127.0.0.1:1'],
    ['http://2130706433/', 'http://127.0.0.1'],
    ['http://0x7f.1/', 'http://127.0.0.1'],
    ['http://017700000001/', 'http://127.0.0.1'],
    ['http://127.1:8080/x?token=secret', 'http://127.0.0.1:8080'],
    ['http://0/', 'http://0.0.0.0'],
    ['http://[::]/', 'http://[::]'],
    ['http://[::1]:11434', 'http://[::1]:11434'],
    ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]'],
    ['https://169.254.169.254/latest/meta-data/', 'https://169.254.169.254'],
    ['http://[::ffff:169.254.169.254]/', 'http://[::ffff:a9fe:a9fe]'],
    ['http://[fd00:ec2::254]/', 'http://[fd00:ec2::254]'],
    ['http://10.0.0.1/', 'http://10.0.0.1'],
    ['http://192.168.0.1/', 'http://192.168.0.1'],
    ['http://localhost:1/', 'http://localhost:1'],
  ])('%s is refused, named by its origin only', async (url, origin) => {
    await expect(assertPublicUrl(url, strict)).rejects.toEqual(refusal(origin));
  });

  it('is refused with a message in either language, and only http(s) is called', async () => {
    const error = await assertPublicUrl('http://169.254.169.254/', strict).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    const { key, args } = error as OutboundRefusedError;
    // Where and how an administrator lets such an address through.
    expect(translate('en_US', key, args)).toBe(
      'The address http://169.254.169.254 is not allowed: it points to a private, loopback or link-local network. An administrator can allow it in Settings by adding 169.254.169.254/32 to sys.outbound.allowRanges (Outbound calls: allowed internal ranges)',
    );
    expect(translate('zh_CN', key, args)).toBe(
      '不允许访问地址 http://169.254.169.254：它指向内网、本机回环或链路本地网络。管理员可在“参数设置”中把 169.254.169.254/32 加入 sys.outbound.allowRanges（外部调用-允许的内网地址段）来允许它',
    );
    expect((error as Error).message).toBe(translate('en_US', key, args));
    for (const [url, scheme] of [
      ['ftp://8.8.8.8/', 'ftp:'],
      ['file:///etc/passwd', 'file:'],
      ['gopher://8.8.8.8:70/', 'gopher:'],
    ] as const)
      await expect(assertPublicUrl(url, strict)).rejects.toMatchObject({
        key: 'outbound.protocol.refused',
        message: `Only http:// and https:// addresses can be called, not ${scheme}`,
      });
  });

  it('passes with a public literal address without asking DNS, and with an allowed range', async () => {
    const lookup = fakeDns({});
    await expect(assertPublicUrl('https://8.8.8.8/dns-query', strict)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://[2606:4700::1111]/', strict)).resolves.toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
    await expect(assertPublicUrl('http://127.0.0.1:1/', loopback)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://localhost:1/', loopback)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://169.254.169.254/', loopback)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
  });

  it('whose name resolves to several addresses is refused if any one is, naming that one', async () => {
    fakeDns({ 'mixed.example': ['8.8.8.8', '2606:4700::1111', '10.0.0.7'], 'public.example': ['8.8.8.8'] });
    await expect(assertPublicUrl('https://mixed.example/hook', strict)).rejects.toEqual(
      refusal('https://mixed.example', '10.0.0.7'),
    );
    await expect(assertPublicUrl('https://public.example/hook', strict)).resolves.toBeUndefined();
  });

  it('whose name resolves to no address at all is refused', async () => {
    fakeDns({ 'void.example': [] });
    const error = await assertPublicUrl('http://void.example:8080/x', strict).catch((e: unknown) => e);
    expect(error).toEqual(new OutboundRefusedError('outbound.address.none', ['http://void.example:8080']));
    expect((error as Error).message).toBe('The address http://void.example:8080 resolves to no IP address');
  });

  it("that is one of the policy's own addresses is refused as such, allow-list or not", async () => {
    const deny = new net.BlockList();
    deny.addAddress('127.0.0.2', 'ipv4');
    const own = { ...loopback, deny };
    const error = await assertPublicUrl('http://127.0.0.2:8080/admin', own).catch((e: unknown) => e);
    expect(error).toEqual(new OutboundRefusedError('outbound.address.own', ['http://127.0.0.2:8080']));
    expect((error as Error).message).toBe(
      "The address http://127.0.0.2:8080 is this server's own network address, which is never called",
    );
    await expect(assertPublicUrl('http://127.0.0.3:8080/', own)).resolves.toBeUndefined();
  });

  it('whose host does not resolve passes only when the caller says so (saving; the call checks again)', async () => {
    const url = 'https://robot.example.invalid/send';
    await expect(assertPublicUrl(url, strict, { allowUnresolved: true })).resolves.toBeUndefined();
    const error = await assertPublicUrl(url, strict).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(OutboundRefusedError);
  });
});

interface Peer {
  origin: string;
  connections: number;
  hits: Array<{ method: string; path: string; body: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/**
 * A loopback HTTP peer whose answers are chosen by path: `/30x?to=url` redirects with that status,
 * `/chain/n` redirects n times, `/bare/302` is a redirect without a Location, `/created` a 201 with one.
 */
async function startPeer(host: '127.0.0.1' | '::1'): Promise<Peer> {
  const hits: Peer['hits'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      hits.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
      const redirect = /^\/(30[12378])$/.exec(url.pathname);
      const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
      if (url.pathname === '/created') res.writeHead(201, { location: '/created/1' }).end('{}');
      else if (url.pathname === '/bare/302') res.writeHead(302).end();
      else if (url.pathname === '/204') res.writeHead(204).end();
      else if (redirect)
        res.writeHead(Number(redirect[1]), { location: url.searchParams.get('to') ?? '/' }).end();
      else if (chain && chain[1] !== '0')
        res.writeHead(302, { location: `/chain/${Number(chain[1]) - 1}` }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  const peer: Peer = { origin: '', connections: 0, hits, close: async () => undefined };
  server.on('connection', () => {
    peer.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  peer.origin = host === '::1' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
  peer.close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return peer;
}

describe('guardedFetch', () => {
  let v4: Peer;
  let v6: Peer;
  beforeAll(async () => {
    [v4, v6] = [await startPeer('127.0.0.1'), await startPeer('::1')];
  });
  afterAll(async () => {
    await v4.close();
    await v6.close();
  });
  const to = (peer: Peer, status: number, target: string) =>
    `${peer.origin}/${status}?to=${encodeURIComponent(target)}`;

  it('calls an allowed address and answers a standard Response', async () => {
    const res = await guardedFetch(`${v4.origin}/hello`, { method: 'POST', body: '{"a":1}' }, loopback);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ ok: true });
    expect(v4.hits.at(-1)).toMatchObject({ method: 'POST', path: '/hello', body: '{"a":1}' });
    // With its length, not chunked: some receivers refuse a chunked body.
    expect(v4.hits.at(-1)?.headers['content-length']).toBe('7');
    expect(v4.hits.at(-1)?.headers['transfer-encoding']).toBeUndefined();
  });

  it('calls a name that resolves to an allowed address', async () => {
    const res = await guardedFetch(`http://localhost:${new URL(v4.origin).port}/named`, {}, loopback);
    expect(res.status).toBe(200);
    expect(v4.hits.at(-1)?.path).toBe('/named');
  });

  it("answers as fetch does: status text, the address that answered, no body where there can't be one", async () => {
    const res = await guardedFetch(to(v4, 302, '/hello'), {}, loopback);
    expect(res.statusText).toBe('OK');
    expect(res.url).toBe(`${v4.origin}/hello`);
    expect(await res.json()).toEqual({ ok: true });
    const head = await guardedFetch(`${v4.origin}/hello`, { method: 'HEAD' }, loopback);
    expect([head.status, head.body]).toEqual([200, null]);
    const none = await guardedFetch(`${v4.origin}/204`, {}, loopback);
    expect([none.status, none.body]).toEqual([204, null]);
  });

  it('returns a 201 with a Location, or a redirect without one, as the answer', async () => {
    const created = await guardedFetch(`${v4.origin}/created`, { method: 'POST', body: '{}' }, loopback);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/created/1');
    expect(v4.hits.at(-1)?.path).toBe('/created');
    expect((await guardedFetch(`${v4.origin}/bare/302`, {}, loopback)).status).toBe(302);
    expect(v4.hits.at(-1)?.path).toBe('/bare/302');
  });

  it("rejects with the resolver's error for a name that does not resolve", async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND gone.example'), { code: 'ENOTFOUND' });
    fakeDns({ 'gone.example': notFound });
    await expect(
      guardedFetch('http://gone.example/', { signal: AbortSignal.timeout(2000) }, strict),
    ).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('never connects to a refused address, literal or named', async () => {
    const before = v4.connections;
    await expect(guardedFetch(`${v4.origin}/`, {}, strict)).rejects.toEqual(refusal(v4.origin));
    const port = new URL(v4.origin).port;
    await expect(guardedFetch(`http://localhost:${port}/`, {}, strict)).rejects.toEqual(
      refusal(`http://localhost:${port}`),
    );
    await expect(guardedFetch(`http://2130706433:${port}/`, {}, strict)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    expect(v4.connections).toBe(before);
  });

  it('refuses a redirect to the metadata address or a private one before connecting to it', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://10.0.0.1/',
      'http://[fd00:ec2::254]/',
      'http://[::ffff:169.254.169.254]/',
    ]) {
      const started = Date.now();
      const error = await guardedFetch(to(v4, 302, target), {}, loopback).catch((e: unknown) => e);
      expect(error).toEqual(refusal(new URL(target).origin));
      // Refused at once: nothing was tried (10.0.0.1 would hang or fail after a connect time-out).
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('judges each redirect with the same policy: from allowed ::1 to a loopback address it does not allow', async () => {
    const onlyV6 = outboundPolicy('::1/128');
    const before = v4.connections;
    await expect(guardedFetch(to(v6, 307, `${v4.origin}/secret`), {}, onlyV6)).rejects.toEqual(
      refusal(v4.origin),
    );
    await expect(
      guardedFetch(to(v6, 302, `http://localhost:${new URL(v4.origin).port}/`), {}, onlyV6),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(v4.connections).toBe(before);
    expect(v6.hits.at(-1)?.path).toBe('/302');
  });

  it('follows at most five redirects', async () => {
    expect((await guardedFetch(`${v4.origin}/chain/5`, {}, loopback)).status).toBe(200);
    await expect(guardedFetch(`${v4.origin}/chain/6`, {}, loopback)).rejects.toMatchObject({
      key: 'outbound.redirect.too-many',
      message: `The address ${v4.origin} redirected more than 5 times`,
    });
  });

  it('redirects as fetch does, and drops credentials when leaving the origin', async () => {
    const init = {
      method: 'POST',
      body: 'payload',
      headers: { 'content-type': 'text/plain', authorization: 'Bearer T', 'x-signature': 'S' },
    };
    await guardedFetch(to(v4, 307, '/kept'), init, loopback);
    expect(v4.hits.at(-1)).toMatchObject({ method: 'POST', path: '/kept', body: 'payload' });
    expect(v4.hits.at(-1)?.headers).toMatchObject({ authorization: 'Bearer T', 'x-signature': 'S' });
    await guardedFetch(to(v4, 303, '/seen'), init, loopback);
    expect(v4.hits.at(-1)).toMatchObject({ method: 'GET', path: '/seen', body: '' });
    expect(v4.hits.at(-1)?.headers['content-type']).toBeUndefined();
    await guardedFetch(to(v4, 308, `${v6.origin}/elsewhere`), init, loopback);
    const moved = v6.hits.at(-1);
    expect(moved).toMatchObject({ method: 'POST', path: '/elsewhere', body: 'payload' });
    expect(moved?.headers.authorization).toBeUndefined();
    expect(moved?.headers['x-signature']).toBeUndefined();
    expect(moved?.headers['content-type']).toBe('text/plain');
  });

  it("stops when the caller's signal aborts", async () => {
    await expect(
      guardedFetch(`${v4.origin}/hello`, { signal: AbortSignal.abort() }, loopback),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('turns a redirected request into a GET only where fetch does', async () => {
    const cases: Array<[number, string, string]> = [
      [301, 'POST', 'GET'],
      [302, 'POST', 'GET'],
      [303, 'POST', 'GET'],
      [303, 'PUT', 'GET'],
      [303, 'HEAD', 'HEAD'],
      [301, 'PUT', 'PUT'],
      [302, 'DELETE', 'DELETE'],
      [307, 'POST', 'POST'],
      [308, 'PUT', 'PUT'],
    ];
    for (const [status, method, then] of cases) {
      const hasBody = method !== 'HEAD';
      const headers = { authorization: 'Bearer T', ...(hasBody ? { 'content-type': 'text/plain' } : {}) };
      await guardedFetch(
        to(v4, status, '/next'),
        { method, headers, body: hasBody ? 'payload' : undefined },
        loopback,
      );
      const hit = v4.hits.at(-1);
      const isKept = then === method && hasBody;
      expect(hit, `${method} ${status}`).toMatchObject({
        method: then,
        path: '/next',
        body: isKept ? 'payload' : '',
      });
      expect(hit?.headers['content-type'], `${method} ${status}`).toBe(isKept ? 'text/plain' : undefined);
      // The same origin: its other headers go on.
      expect(hit?.headers.authorization, `${method} ${status}`).toBe('Bearer T');
    }
  });
});

describe('guardedRequest', () => {
  it('throws at once for a refused literal address, and errors before connecting for a refused name', async () => {
    expect(() => guardedRequest('http://169.254.169.254/', {}, strict)).toThrow(OutboundRefusedError);
    const req = guardedRequest('http://localhost:1/', {}, strict);
    const error = await new Promise((resolve) => {
      req.on('error', resolve);
      req.end();
    });
    expect(error).toEqual(refusal('http://localhost:1'));
  });

  it('asks DNS for the family and with the hints the request gives, and connects to the address judged', async () => {
    const lookup = fakeDns({ 'peer.test': ['127.0.0.1'] });
    const peer = await startPeer('127.0.0.1');
    try {
      const port = new URL(peer.origin).port;
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = guardedRequest(`http://peer.test:${port}/v4`, { family: 4, hints: ADDRCONFIG }, loopback);
        req.on('response', resolve).on('error', reject).end();
      });
      res.resume();
      expect(res.statusCode).toBe(200);
      expect(peer.hits.at(-1)?.path).toBe('/v4');
      expect(lookup).toHaveBeenCalledWith(
        'peer.test',
        expect.objectContaining({ family: 4, hints: ADDRCONFIG }),
      );
    } finally {
      await peer.close();
    }
  });

  it('speaks TLS to an https address', async () => {
    const firstBytes: Buffer[] = [];
    const server = net.createServer((socket) => {
      socket.once('data', (chunk: Buffer) => {
        firstBytes.push(chunk);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await new Promise((resolve) =>
        guardedRequest(`https://127.0.0.1:${port}/`, {}, loopback).on('error', resolve).end(),
      );
      expect(firstBytes[0]?.[0]).toBe(0x16); // a TLS handshake record, the ClientHello
    } finally {
      server.close();
    }
  });
});

describe('an answer without a body', () => {
  it('lets go of its connection, even to a server that would keep it open', async () => {
    let ended = 0;
    const server = net.createServer((socket) => {
      socket.on('data', () => socket.write('HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n'));
      socket.on('end', () => {
        ended++;
        socket.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect((await guardedFetch(`http://127.0.0.1:${port}/`, {}, loopback)).status).toBe(204);
      await until(() => ended === 1, 1000);
    } finally {
      server.close();
    }
  });
});
