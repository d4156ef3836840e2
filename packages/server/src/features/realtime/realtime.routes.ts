import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken, resolvePrincipal, tokenIdOf } from '../../http/auth.ts';
import { authenticated } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { warmMarkdown } from '../../lib/markdown.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';

/** The token of a socket handshake: the bearer header, the `Admin-Token` cookie the web client holds, or `?token=`. */
export function handshakeToken(req: FastifyRequest): string | undefined {
  return handshakeCredential(req)?.token;
}

function handshakeCredential(req: FastifyRequest): { token: string; isCookie: boolean } | undefined {
  const bearer = bearerToken(req);
  if (bearer) return { token: bearer, isCookie: false };
  const query = (req.query as Record<string, unknown>).token;
  if (typeof query === 'string' && query) return { token: query, isCookie: false };
  const cookie = /(?:^|;\s*)Admin-Token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  return cookie ? { token: decodeURIComponent(cookie), isCookie: true } : undefined;
}

/**
 * A browser sends the session cookie with a socket handshake whatever page opens it, so a
 * handshake that signs in by cookie must come from a page of ours: its Origin the address the
 * request reached (the Host) or PUBLIC_URL. A token the client sends itself (the original's
 * mobile app, the bearer header or `?token=`) is proof enough, as is a client that sends no Origin
 * (no browser).
 */
export function isOriginAllowed(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.host === req.host || url.origin === new URL(publicUrl).origin;
}

/**
 * `/websocket/{userId}/message` (and under `/ws/`): frames {code, msg, action, data}. Unlike the
 * original, the handshake must prove who it is: a live session of that very user, else 401 and
 * no upgrade.
 */
export async function registerRealtimeRoutes(app: FastifyInstance, r: Router): Promise<void> {
  const { db, config, hub } = r.deps;
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  for (const prefix of ['', '/ws']) {
    r.raw({ method: 'GET', url: `${prefix}/websocket/:userId/message`, access: 'socket-own-session' });
    app.get<{ Params: { userId: string } }>(
      `${prefix}/websocket/:userId/message`,
      {
        websocket: true,
        preValidation: async (req, reply) => {
          const credential = handshakeCredential(req);
          if (credential?.isCookie && !isOriginAllowed(req, config.publicUrl)) {
            req.log.info({ origin: req.headers.origin }, 'socket refused: foreign origin');
            return reply.code(403).send({ code: 403, msg: 'socket from a foreign origin' });
          }
          const principal = await resolvePrincipal(db, req, config.sessionTtlMinutes, credential?.token);
          if (!principal || String(principal.userId) !== req.params.userId) {
            return reply.code(401).send({ code: 401, msg: 'unauthorized socket' });
          }
        },
      },
      async (socket, req) => {
        // The handshake proved this token: the socket lives as long as its session (hub.ts).
        const token = handshakeToken(req);
        if (token) await hub.attach(Number(req.params.userId), socket, tokenIdOf(token));
        // Someone watches: the first notice's pop-up should not wait for the Markdown renderer.
        warmMarkdown();
      },
    );
  }

  /** Who among a project's members has a socket open now (the members panel's dots). */
  r.get('/system/online/users', {
    guard: authenticated,
    query: z.object({ projectId: z.coerce.number().int().min(1) }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const online = await hub.onlineAmong(await projectMemberIds(db, ctx.query.projectId));
      return ctx.ok([...online]);
    },
  });
}
