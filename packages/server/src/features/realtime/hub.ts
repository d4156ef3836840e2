import { ResultCode, SESSION_ENDED_CODE } from '@buglet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { liveSessionIds } from '../../access/sessions.repository.ts';
import type { Db } from '../../db/connect.ts';
import type { Bus, Envelope, Frame } from './bus.ts';

export type Topic =
  | 'memberOnline'
  | 'memberOffline'
  | 'memberFocus'
  | 'aiModelPull'
  | 'notice'
  | 'panel_notice'
  | 'teamsChanged'
  | 'defectChanged';

export const frameOf = (action: Topic, data: unknown): Frame => ({
  code: ResultCode.success,
  msg: '操作成功',
  action,
  data,
});

/** The people who share a live team with the user (themselves included): who may see them come and go. */
async function teammatesOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sysUserTeam as mine')
    .innerJoin('sysUserTeam as other', 'other.teamId', 'mine.teamId')
    .innerJoin('sysTeam as t', 't.teamId', 'mine.teamId')
    .select('other.userId')
    .distinct()
    .where('mine.userId', '=', userId)
    .where('t.isDel', '=', 0)
    .execute();
  return [...new Set([userId, ...rows.map((r) => r.userId)])];
}

/** How often the sockets' sessions are checked: a signed-out session's socket hears nothing longer. */
export const SESSION_SWEEP_MS = 10_000;

/**
 * The sockets of this instance, by user, and the bus that reaches every instance. Frames go
 * through the bus even in one process, so one path serves one instance and many alike. A socket
 * lives as long as the session it opened with: every SESSION_SWEEP_MS the sessions are looked up,
 * and the sockets of ended ones (signed out, forced out, expired, the account disabled) close.
 */
export class Hub {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  /** The session (token id) each socket opened with. */
  private readonly sessions = new Map<WebSocket, string>();
  private sweeper: NodeJS.Timeout | undefined;
  /** Called when a user's last socket anywhere closes (their "who is looking" markers go). */
  onOffline: (userId: number) => Promise<void> = async () => undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.onMessage((envelope) => this.deliver(envelope));
  }

  async attach(userId: number, socket: WebSocket, tokenId: string): Promise<void> {
    const set = this.sockets.get(userId) ?? new Set();
    set.add(socket);
    this.sockets.set(userId, set);
    this.sessions.set(socket, tokenId);
    this.sweeper ??= setInterval(() => {
      void this.closeEndedSessions().catch((error: unknown) =>
        this.log.warn({ err: error }, 'socket session check failed'),
      );
    }, SESSION_SWEEP_MS).unref();
    socket.on('close', () => {
      void this.detach(userId, socket).catch((error: unknown) =>
        this.log.warn({ err: error }, 'socket detach failed'),
      );
    });
    // Client messages are not part of the protocol; they are read and dropped.
    socket.on('message', () => undefined);
    if ((await this.bus.presence(userId, 1)) === 1) {
      await this.send(await teammatesOf(this.db, userId), 'memberOnline', userId);
    }
  }

  /** Closes the sockets whose session has ended (answers how many). */
  async closeEndedSessions(now = Date.now()): Promise<number> {
    const live = await liveSessionIds(this.db, [...new Set(this.sessions.values())], now);
    let closed = 0;
    for (const [socket, tokenId] of this.sessions) {
      if (live.has(tokenId)) continue;
      this.sessions.delete(socket);
      socket.close(SESSION_ENDED_CODE, 'session ended');
      closed++;
    }
    return closed;
  }

  private async detach(userId: number, socket: WebSocket): Promise<void> {
    this.sessions.delete(socket);
    const set = this.sockets.get(userId);
    if (!set?.delete(socket)) return;
    if (set.size === 0) this.sockets.delete(userId);
    if ((await this.bus.presence(userId, -1)) === 0) {
      await this.send(await teammatesOf(this.db, userId), 'memberOffline', userId);
      await this.onOffline(userId);
    }
  }

  async send(userIds: number[], action: Topic, data: unknown): Promise<void> {
    if (userIds.length === 0) return;
    await this.bus.publish({ to: [...new Set(userIds)], frame: frameOf(action, data) });
  }

  /** Users with a socket open on any instance (one attached here counts before the bus has counted it). */
  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    const online = await this.bus.onlineAmong(userIds);
    for (const id of userIds) if (this.sockets.has(id)) online.add(id);
    return online;
  }

  private deliver({ to, frame }: Envelope): void {
    let text: string | undefined;
    for (const userId of to) {
      const set = this.sockets.get(userId);
      if (!set) continue;
      text ??= JSON.stringify(frame);
      for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  /** Closes this instance's sockets (their users go offline elsewhere) and the bus. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const set of this.sockets.values())
      for (const socket of set) socket.close(1001, 'server shutting down');
    // Let the close handlers run so presence counts drop before the bus goes.
    await new Promise((r) => setTimeout(r, 50));
    await this.bus.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets of this instance (tests close ended sessions' sockets without waiting). */
    hub: Hub;
  }
}

declare module '../../http/deps.ts' {
  interface AppDeps {
    /** Sockets of this instance and the bus to the others. */
    hub: Hub;
  }
}
