import net from 'node:net';
import os from 'node:os';
import { BROWSER_PROXY, formatFileSize } from '@buglet/contracts';
import { AppError } from '../../http/errors.ts';
import { guardedFetch, type OutboundPolicy } from '../../lib/outbound.ts';

/** One page as the proxy fetched it. */
export interface FetchedPage {
  /** The address that answered, after the redirects followed. */
  url: URL;
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface ProxyLimits {
  maxBytes: number;
  timeoutMs: number;
}

const originOf = (url: URL) => `${url.protocol}//${url.host}`;

/** The address typed in the tool, if it is an http(s) URL; other schemes are named in the refusal. */
export function targetOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('browser.proxy.url.invalid', [text.slice(0, 120)]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError('outbound.protocol.refused', [url.protocol]);
  return url;
}

/**
 * The outbound policy plus the server's own interface addresses, refused whatever the allow-list
 * says: a page from the server itself is the app or a service beside it, not a site to test.
 * Loopback is left to the allow-list (it is refused unless an administrator allows it, as tests do).
 */
export function withOwnAddresses(policy: OutboundPolicy): OutboundPolicy {
  const deny = new net.BlockList();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      deny.addAddress(entry.address.replace(/%.*$/, ''), entry.family === 'IPv6' ? 'ipv6' : 'ipv4');
    }
  }
  return { ...policy, deny };
}

/**
 * GET through the outbound guard (every address the name resolves to, every redirect judged),
 * without cookies or credentials of ours, cut off after `timeoutMs` and refused beyond `maxBytes`.
 * Failures become translated refusals naming the site.
 */
export async function fetchPage(
  target: URL,
  policy: OutboundPolicy,
  headers: Record<string, string>,
  limits: ProxyLimits = BROWSER_PROXY,
): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const res = await guardedFetch(target, { method: 'GET', headers, signal }, policy);
    const url = new URL(res.url || target.href);
    const body = await readLimited(res, url, limits.maxBytes);
    return { url, status: res.status, headers: res.headers, body };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted)
      throw new AppError('browser.proxy.timeout', [originOf(target), limits.timeoutMs / 1000]);
    const code = (error as { code?: unknown; cause?: { code?: unknown } }).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
      throw new AppError('browser.proxy.unresolved', [target.hostname]);
    throw new AppError('browser.proxy.unreachable', [originOf(target)]);
  }
}

async function readLimited(res: Response, url: URL, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError('browser.proxy.too-large', [originOf(url), formatFileSize(maxBytes)]);
  const declared = Number(res.headers.get('content-length'));
  if (!res.body) return Buffer.alloc(0);
  if (declared > maxBytes) {
    await res.body.cancel();
    throw tooLarge();
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
