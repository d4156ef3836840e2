import { EventEmitter } from 'node:events';
import { connectRedis } from '../../lib/redis.ts';

/** What the server pushes to a socket, in the original's envelope. */
export interface Frame {
  code: number;
  msg: string;
  action: string;
  data: unknown;
}

/** A frame and the users whose sockets should get it. */
export interface Envelope {
  to: number[];
  frame: Frame;
}

/**
 * Carries frames to every server instance (each delivers to its own sockets) and keeps the count
 * of each user's open sockets across instances. In one process: memory. With REDIS_URL: Redis
 * publish/subscribe and a hash of counts.
 */
export interface Bus {
  publish(envelope: Envelope): Promise<void>;
  onMessage(handler: (envelope: Envelope) => void): void;
  /** Adds delta to the user's open sockets; answers the new count. */
  presence(userId: number, delta: 1 | -1): Promise<number>;
  onlineAmong(userIds: number[]): Promise<Set<number>>;
  close(): Promise<void>;
}

export function localBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const counts = new Map<number, number>();
  return {
    async publish(envelope) {
      emitter.emit('frame', envelope);
    },
    onMessage(handler) {
      emitter.on('frame', handler);
    },
    async presence(userId, delta) {
      const n = Math.max(0, (counts.get(userId) ?? 0) + delta);
      if (n === 0) counts.delete(userId);
      else counts.set(userId, n);
      return n;
    },
    async onlineAmong(userIds) {
      return new Set(userIds.filter((id) => (counts.get(id) ?? 0) > 0));
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function redisBus(url: string, prefix = 'buglet'): Promise<Bus> {
  const CHANNEL = `${prefix}:frames`;
  const ONLINE = `${prefix}:online`;
  const connect = () => connectRedis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const [pub, sub] = await Promise.all([connect(), connect()]);
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL);
  const handlers: ((envelope: Envelope) => void)[] = [];
  sub.on('message', (_channel: string, text: string) => {
    const envelope = JSON.parse(text) as Envelope;
    for (const h of handlers) h(envelope);
  });
  return {
    async publish(envelope) {
      await pub.publish(CHANNEL, JSON.stringify(envelope));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async presence(userId, delta) {
      const n = await pub.hincrby(ONLINE, String(userId), delta);
      if (n <= 0) await pub.hdel(ONLINE, String(userId));
      return Math.max(0, n);
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const counts = await pub.hmget(ONLINE, ...userIds.map(String));
      return new Set(userIds.filter((_, i) => Number(counts[i] ?? 0) > 0));
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
