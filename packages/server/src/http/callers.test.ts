import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from './deps.ts';
import { installErrorHandling } from './error-handler.ts';
import { anon, apiKey, ticketHolder } from './permission.ts';
import { createRouter } from './route.ts';

/** A router on a bare Fastify: these calls carry no session, so no database is asked. */
async function bareRouter() {
  const app = Fastify();
  installErrorHandling(app);
  await app.register(fastifyRateLimit, { global: false });
  return { app, r: createRouter(app, { config: { sessionTtlMinutes: 30 } } as AppDeps) };
}

describe('caller kinds a feature registers with the core', () => {
  it('refuses a route whose caller kind no feature registered, when it is added', async () => {
    const { r } = await bareRouter();
    expect(() => r.get('/t', { guard: ticketHolder, handler: async () => 'x' })).toThrow(
      "GET /t: no feature registered callers of guard kind 'ticket'",
    );
    expect(() => r.get('/k', { guard: apiKey('report:push'), handler: async () => 'x' })).toThrow(/'apiKey'/);
  });

  it('refuses the same caller kind registered twice', async () => {
    const { r } = await bareRouter();
    const kind = { authenticate: async () => ({ principal: null }) };
    r.callers.register('ticket', kind);
    expect(() => r.callers.register('ticket', kind)).toThrow(/registered twice/);
  });

  it('authenticates through the registered kind, gives its caller to its routes and to no other', async () => {
    const { app, r } = await bareRouter();
    const principal = {
      tokenId: 't',
      userId: 7,
      userName: 'holder',
      isDefaultPassword: false,
      isPasswordChangeRequired: false,
      context: { userConfigId: null, currentTeamId: null, currentProjectId: null, lifeContent: null },
    };
    const seen: string[] = [];
    r.callers.register('apiKey', {
      contextKey: 'api',
      authenticate: async (_deps, req) => {
        seen.push(req.url);
        if (req.headers['x-key'] !== 'good') return { principal: null };
        return { principal, caller: { apiId: 'K1', projectId: 3 } };
      },
    });
    r.get('/open', {
      guard: apiKey('report:push'),
      handler: async (ctx) => ({ api: ctx.api.apiId, me: ctx.me.userName }),
    });
    r.get('/plain', {
      guard: anon,
      handler: async (ctx) => {
        try {
          return { api: ctx.api.apiId };
        } catch (error) {
          return { refused: (error as Error).message };
        }
      },
    });
    await app.ready();
    const ok = await app.inject({ url: '/open', headers: { 'x-key': 'good' } });
    expect(ok.json()).toEqual({ api: 'K1', me: 'holder' });
    const refused = await app.inject({ url: '/open', headers: { 'x-key': 'bad' } });
    expect(refused.json().code).toBe(401);
    // An anonymous route never asks the kind, and reading `ctx.api` there is a programming error.
    const plain = await app.inject({ url: '/plain', headers: { 'x-key': 'good' } });
    expect(plain.json()).toEqual({ refused: "/plain is not a 'apiKey' route" });
    expect(seen).toEqual(['/open', '/open']);
    await app.close();
  });
});
