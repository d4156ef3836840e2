import { createHash, randomBytes } from 'node:crypto';
import { BROWSER_PROXY } from '@buglet/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { kvGet, kvPut } from '../../db/kv.ts';
import { type Principal, sessionPrincipal } from '../../http/auth.ts';
import type { Router } from '../../http/route.ts';

/**
 * Proxy tickets: how a page in a frame (which cannot send the `Authorization` header) proves whose
 * it is. The session token never goes into a URL, where the proxied page itself, the history and
 * logs would read it: the tool asks for a ticket with its session (POST /tools/browser/ticket)
 * and puts that in the frame's address instead. A ticket opens the proxy and nothing else, for
 * BROWSER_PROXY.ticketTtlMs, only while its session lives and only from the address that asked
 * for it. Kept hashed in sys_kv, so every instance knows it and a leaked table opens nothing.
 */

interface TicketRow {
  tokenId: string;
  userId: number;
  ip: string;
}

const kvKey = (ticket: string) => `browser-ticket:${createHash('sha256').update(ticket).digest('hex')}`;

export async function issueTicket(db: Db, principal: Principal, ip: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  const row: TicketRow = { tokenId: principal.tokenId, userId: principal.userId, ip };
  await kvPut(db, kvKey(ticket), JSON.stringify(row), BROWSER_PROXY.ticketTtlMs);
  return ticket;
}

const TICKET = /^[\w-]{16,64}$/;
/** One look-up per request: the rate limit (who is counted) and the guard (who is served) share it. */
const holders = new WeakMap<FastifyRequest, Promise<TicketRow | undefined>>();

/** The live ticket the request carries in `?ticket=`, from the address it was given to. */
export function ticketOf(db: Db, req: FastifyRequest): Promise<TicketRow | undefined> {
  let found = holders.get(req);
  if (!found) {
    found = findTicket(db, req);
    holders.set(req, found);
  }
  return found;
}

async function findTicket(db: Db, req: FastifyRequest): Promise<TicketRow | undefined> {
  const raw = (req.query as Record<string, unknown> | undefined)?.ticket;
  if (typeof raw !== 'string' || !TICKET.test(raw)) return undefined;
  const value = await kvGet(db, kvKey(raw));
  if (!value) return undefined;
  const row = JSON.parse(value) as TicketRow;
  return row.ip === req.ip ? row : undefined;
}

/** The person behind the request's ticket, if both the ticket and its session are live. */
export async function ticketPrincipal(
  db: Db,
  req: FastifyRequest,
  ttlMinutes: number,
): Promise<Principal | null> {
  const row = await ticketOf(db, req);
  if (!row) return null;
  const principal = await sessionPrincipal(db, row.tokenId, ttlMinutes);
  return principal?.userId === row.userId ? principal : null;
}

/**
 * The ticket's caller, registered with the core (http/callers.ts): a route guarded by
 * `ticketHolder` acts for the ticket's holder, and a per-person limit counts that person.
 */
export function registerTicketCaller(r: Router): void {
  r.callers.register('ticket', {
    authenticate: async (deps, req) => ({
      principal: await ticketPrincipal(deps.db, req, deps.config.sessionTtlMinutes),
    }),
    personOf: async (deps, req) => (await ticketOf(deps.db, req))?.userId,
  });
}
