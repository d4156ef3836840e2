import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import { AppError } from '../http/errors.ts';
import { type MessageArg, type MessageKey, translate } from '../http/i18n.ts';
import {
  isAddressAllowed,
  isAddressDenied,
  type OutboundPolicy,
  singleAddressRange,
} from './outbound-address.ts';

export { invalidRanges, isAddressAllowed, type OutboundPolicy, outboundPolicy } from './outbound-address.ts';

/**
 * The guard for every address the server calls because someone other than the operator set it
 * (a project's AI server, a chat robot's hook; later webhooks): http(s) only, and never a
 * private, loopback, link-local or otherwise internal address unless the administrator allows its
 * range (outbound-address.ts). Addresses from the environment are the operator's and are called
 * without it.
 *
 * A host name is judged by every address it resolves to, inside the socket's own lookup, so the
 * connection goes to exactly the addresses judged: a name cannot resolve to a public address for
 * the check and to an internal one for the connection. Redirects are followed by hand, each
 * target judged again before it is connected to.
 */

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** What still follows a redirect to another origin: no credentials, tokens or signatures. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent']);

/** A refused address (or redirect): an AppError for answers, with an English message for logs. */
export class OutboundRefusedError extends AppError {
  constructor(key: MessageKey, args: MessageArg[]) {
    super(key, args);
    this.message = translate('en_US', key, args);
  }
}

/** Scheme, host and port: enough to recognise an address without repeating its tokens. */
const originOf = (url: URL) => (url.host ? `${url.protocol}//${url.host}` : url.protocol);
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
/**
 * The refusal of `address` (what `url`'s host is or resolved to): one the policy never calls is
 * said so; any other names the allow-list entry an administrator would add to let it through.
 */
const refused = (url: URL, address: string, policy: OutboundPolicy) =>
  isAddressDenied(address, policy)
    ? new OutboundRefusedError('outbound.address.own', [originOf(url)])
    : new OutboundRefusedError('outbound.address.refused', [originOf(url), singleAddressRange(address)]);

/** The URL if its scheme is http(s) and its host is not a refused IP address; host names are judged on connecting. */
function checkedUrl(url: string | URL, policy: OutboundPolicy): URL {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new OutboundRefusedError('outbound.protocol.refused', [target.protocol]);
  const host = hostOf(target);
  if (net.isIP(host) && !isAddressAllowed(host, policy)) throw refused(target, host, policy);
  return target;
}

function assertAddresses(target: URL, addresses: LookupAddress[], policy: OutboundPolicy): void {
  if (addresses.length === 0) throw new OutboundRefusedError('outbound.address.none', [originOf(target)]);
  const blocked = addresses.find((a) => !isAddressAllowed(a.address, policy));
  if (blocked) throw refused(target, blocked.address, policy);
}

/**
 * Refuses (OutboundRefusedError) a URL that is not http(s), or whose host is, or resolves to, an
 * address the policy refuses. With `allowUnresolved`, a host that does not resolve now passes (a
 * URL being saved: the call checks again); otherwise the resolver's error is thrown.
 */
export async function assertPublicUrl(
  url: string | URL,
  policy: OutboundPolicy,
  options: { allowUnresolved?: boolean } = {},
): Promise<void> {
  const target = checkedUrl(url, policy);
  const host = hostOf(target);
  if (net.isIP(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch (error) {
    if (options.allowUnresolved) return;
    throw error;
  }
  assertAddresses(target, addresses, policy);
}

/** A socket lookup that hands the connection only addresses the policy allows, all of them judged. */
function vettedLookup(target: URL, policy: OutboundPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns
      .lookup(hostname, {
        all: true,
        family: options.family ?? 0,
        ...(options.hints ? { hints: options.hints } : {}),
      })
      .then(
        (addresses) => {
          try {
            assertAddresses(target, addresses, policy);
          } catch (error) {
            // An AppError's numeric code is no errno code; nothing on this path reads it.
            return callback(error as NodeJS.ErrnoException, '');
          }
          const [first] = addresses as [LookupAddress];
          if (options.all) callback(null, addresses);
          else callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
  };
}

/**
 * node:http(s) `request` through the guard; no redirects are followed. Throws OutboundRefusedError
 * at once for a refused scheme or IP address; a host name resolving to a refused address makes
 * the request emit that error before any connection. Always its own connection (`agent: false`):
 * a pooled socket would skip the lookup.
 */
export function guardedRequest(
  url: string | URL,
  options: http.RequestOptions,
  policy: OutboundPolicy,
): http.ClientRequest {
  const target = checkedUrl(url, policy);
  const transport = target.protocol === 'https:' ? https : http;
  return transport.request(target, { ...options, agent: false, lookup: vettedLookup(target, policy) });
}

export interface GuardedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

/**
 * `fetch` through the guard: a standard Response, redirects (at most five) followed by hand with
 * each target judged before connecting, and credentials dropped when one leaves the origin.
 * Rejects with OutboundRefusedError for a refused address or too many redirects.
 */
export async function guardedFetch(
  url: string | URL,
  init: GuardedInit,
  policy: OutboundPolicy,
): Promise<Response> {
  const start = checkedUrl(url, policy);
  let target = start;
  let { method = 'GET', headers = {}, body } = init;
  for (let hop = 0; ; hop++) {
    const res = await exchange(target, { method, headers, body, signal: init.signal }, policy);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (!REDIRECTS.has(status) || location === undefined) return toResponse(res, method, target);
    res.resume();
    if (hop === MAX_REDIRECTS)
      throw new OutboundRefusedError('outbound.redirect.too-many', [originOf(start), MAX_REDIRECTS]);
    const next = new URL(location, target);
    // As fetch does: a 303, or a 301/302 after a POST, goes on as a GET without the body.
    if ((status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers = pick(headers, (name) => name !== 'content-type');
    }
    if (next.origin !== target.origin) headers = pick(headers, (name) => CROSS_ORIGIN_HEADERS.has(name));
    target = checkedUrl(next, policy);
  }
}

const pick = (headers: Record<string, string>, keep: (lowerName: string) => boolean) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => keep(name.toLowerCase())));

function exchange(
  target: URL,
  r: Required<Pick<GuardedInit, 'method' | 'headers'>> & Pick<GuardedInit, 'body' | 'signal'>,
  policy: OutboundPolicy,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const length = r.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(r.body)) };
    const req = guardedRequest(
      target,
      { method: r.method, headers: { ...r.headers, ...length }, ...(r.signal ? { signal: r.signal } : {}) },
      policy,
    );
    req.once('response', resolve);
    // `on`, not `once`: a destroyed request may report more than one error.
    req.on('error', reject);
    req.end(r.body);
  });
}

/** The answer as fetch gives it, `url` the address that answered (after the redirects followed). */
function toResponse(res: http.IncomingMessage, method: string, target: URL): Response {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2)
    headers.append(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
  const status = res.statusCode ?? 0;
  const hasBody = method !== 'HEAD' && ![204, 205, 304].includes(status);
  if (!hasBody) res.resume();
  const response = new Response(hasBody ? (Readable.toWeb(res) as ReadableStream<Uint8Array>) : null, {
    status,
    statusText: res.statusMessage,
    headers,
  });
  Object.defineProperty(response, 'url', { value: target.href });
  return response;
}
