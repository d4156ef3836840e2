import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@buglet/contracts';
import type { FastifyRequest } from 'fastify';
import type { UserContext } from '../access/access.repository.ts';
import {
  type AuthStamp,
  forget,
  readStamp,
  recall,
  recallAny,
  remember,
  stampOfRow,
} from '../access/auth-cache.ts';
import { extendSession, findSession, type SessionContextRow } from '../access/sessions.repository.ts';
import type { Db } from '../db/connect.ts';

export interface Principal {
  tokenId: string;
  userId: number;
  userName: string;
  isDefaultPassword: boolean;
  /** The password was chosen by someone else: only routes open before its change serve them. */
  isPasswordChangeRequired: boolean;
  /** Current team and project as they stood when the request arrived. */
  context: UserContext;
  /** The versions read with the session (access/auth-cache.ts): stamps the caller's access. */
  authStamp?: AuthStamp;
}

/** The client keeps the token; the server keeps only its hash, so a leaked table grants nothing. */
export function newToken(): { token: string; tokenId: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenId: tokenIdOf(token) };
}

export function tokenIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/**
 * Finds the live session behind the request's token. Sliding life: when less than the refresh
 * window remains, the session is extended by its full length (one write per window, not per
 * request).
 */
export async function resolvePrincipal(
  db: Db,
  req: FastifyRequest,
  ttlMinutes: number,
  token: string | undefined = bearerToken(req),
): Promise<Principal | null> {
  if (!token) return null;
  return sessionPrincipal(db, tokenIdOf(token), ttlMinutes);
}

/**
 * The live session with this token id (its hash), extended as resolvePrincipal says, or null.
 * Remembered while the user's versions stand, so a known session costs one version lookup.
 */
export async function sessionPrincipal(
  db: Db,
  tokenId: string,
  ttlMinutes: number,
): Promise<Principal | null> {
  const row = await rememberedSession(db, tokenId);
  const now = Date.now();
  if (!row || row.expireAt < now || row.status !== '0' || row.delFlag !== '0') return null;
  if (row.expireAt - now < LIMITS.sessionRefreshMinutes * 60_000) {
    await extendSession(db, tokenId, now + ttlMinutes * 60_000);
  }
  return {
    tokenId,
    userId: row.userId,
    userName: row.userName,
    isDefaultPassword: row.isDefaultPassword === 1,
    isPasswordChangeRequired: row.passwordChangeRequired === 1,
    context: {
      userConfigId: row.userConfigId,
      currentTeamId: row.currentTeamId,
      currentProjectId: row.currentProjectId,
      lifeContent: row.lifeContent,
    },
    authStamp: stampOfRow(row),
  };
}

async function rememberedSession(db: Db, tokenId: string): Promise<SessionContextRow | undefined> {
  const key = `session:${tokenId}`;
  const known = recallAny<SessionContextRow>(db, key);
  if (known && recall(db, key, await readStamp(db, known.userId))) return known;
  const row = await findSession(db, tokenId);
  if (row) remember(db, key, stampOfRow(row), row);
  else forget(db, key);
  return row;
}
