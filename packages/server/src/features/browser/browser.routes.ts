import { BROWSER_PROXY } from '@buglet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { langFrom, translate } from '../../http/i18n.ts';
import { authenticated, ticketHolder } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { outboundPolicyOf } from '../configs/platform-settings.ts';
import { fetchPage, targetOf, withOwnAddresses } from './proxy-fetch.ts';
import { injectIntoPage, isHtml, KEPT_HEADERS, PANE_HEADERS, refusalPage } from './proxy-page.ts';
import { issueTicket, registerTicketCaller } from './proxy-ticket.ts';
import { registerScreenSizeRoutes } from './screen-sizes.routes.ts';

export const PROXY_URL = '/tools/browser/proxy';

const proxyQuery = z.object({
  url: z.string().min(1).max(BROWSER_PROXY.maxUrlLength),
  ticket: z.string().max(100),
  /** The tool's language: a frame cannot send the `language` header. */
  lang: z.enum(['zh_CN', 'en_US']).optional(),
});

/** What the browser itself loads into a frame (rather than a script's call): it gets a page, not JSON. */
const isNavigation = (req: FastifyRequest) =>
  ['iframe', 'frame', 'document'].includes(String(req.headers['sec-fetch-dest'] ?? '')) ||
  /^\s*text\/html/i.test(req.headers.accept ?? '');

const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/**
 * The app's own address as the browser reached it (its name may resolve to a reverse proxy the
 * address rules let through). A Host without a port stands for both 80 and 443: TLS may end
 * before us. Other ports of the same name are other sites (a developer's local server).
 */
function isAppAddress(target: URL, req: FastifyRequest): boolean {
  let own: URL;
  try {
    own = new URL(`${req.protocol}://${req.host}`);
  } catch {
    return false;
  }
  if (own.hostname !== target.hostname) return false;
  return /:\d+$/.test(req.host) ? portOf(own) === portOf(target) : [80, 443].includes(portOf(target));
}

/** The browser's own description, so sites serve the page they serve that browser; never our cookies or tokens. */
function forwardedHeaders(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  };
  const agent = req.headers['user-agent'];
  if (agent) headers['user-agent'] = agent.slice(0, 500);
  const language = req.headers['accept-language'];
  if (language) headers['accept-language'] = language.slice(0, 200);
  return headers;
}

/**
 * The browser-testing tool: its screen sizes, and the proxy that shows a site inside the tool's
 * frame (seed §2 /tools/browser/proxy). The proxy serves whoever holds a ticket of a live session
 * (proxy-ticket.ts); fetches only what the outbound guard allows, never the server itself; keeps
 * the site's type and language headers and drops the rest (cookies, framing rules); serves the
 * page sandboxed (proxy-page.ts) with the pane script that reports errors and takes screenshots.
 */
export function registerBrowserRoutes(app: FastifyInstance, r: Router): void {
  const { db } = r.deps;
  registerTicketCaller(r);
  registerScreenSizeRoutes(r);

  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url !== PROXY_URL || req.headers.language) return;
    const lang = (req.query as Record<string, unknown> | undefined)?.lang;
    if (typeof lang === 'string') req.headers.language = lang;
  });
  // Every answer of the proxy, refusals included, is framable by the tool only and sandboxed; a
  // refusal the frame loads is a page that says why (and tells the tool), not JSON.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url !== PROXY_URL) return payload;
    reply.headers(PANE_HEADERS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || !isNavigation(req) || typeof payload !== 'string')
      return payload;
    let message: string;
    try {
      message = String((JSON.parse(payload) as { msg?: unknown }).msg ?? '');
    } catch {
      return payload;
    }
    const lang = langFrom(req.headers.language);
    reply.header('content-type', 'text/html; charset=utf-8');
    return refusalPage(translate(lang, 'browser.proxy.refused-title'), message, lang);
  });

  r.post('/tools/browser/ticket', {
    guard: authenticated,
    handler: async (ctx) =>
      ctx.ok({
        ticket: await issueTicket(db, ctx.me, ctx.req.ip),
        expiresIn: BROWSER_PROXY.ticketTtlMs / 1000,
      }),
  });

  r.get(PROXY_URL, {
    guard: ticketHolder,
    query: proxyQuery,
    rateLimit: { perPersonPerMinute: BROWSER_PROXY.perUserPerMinute },
    handler: async (ctx) => {
      const target = targetOf(ctx.query.url);
      if (isAppAddress(target, ctx.req)) throw new AppError('browser.proxy.self', [target.origin]);
      const policy = withOwnAddresses(await outboundPolicyOf(r.deps));
      const page = await fetchPage(target, policy, forwardedHeaders(ctx.req));
      for (const name of KEPT_HEADERS) {
        const value = page.headers.get(name);
        if (value) ctx.reply.header(name, value);
      }
      const type = page.headers.get('content-type') ?? undefined;
      if (!type) ctx.reply.header('content-type', 'application/octet-stream');
      return ctx.reply
        .status(page.status)
        .send(isHtml(type) ? injectIntoPage(page.body, page.url) : page.body);
    },
  });
}
