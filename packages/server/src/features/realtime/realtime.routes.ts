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
  const bearer = bearerToken(req);
  if (bearer) return bearer;
  const cookie = /(?:^|;\s*)Admin-Token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (cookie) return decodeURIComponent(cookie);
  const query = (req.query as Record<string, unknown>).token;
  return typeof query === 'string' && query ? query : undefined;
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
          const principal = await resolvePrincipal(db, req, config.sessionTtlMinutes, handshakeToken(req));
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
