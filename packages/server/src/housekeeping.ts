import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredSessions } from './access/sessions.repository.ts';
import type { Db } from './db/connect.ts';
import { kvSweep } from './db/kv.ts';

const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Drops expired sessions and short-lived values now and then; never keeps the process alive. */
export function startHousekeeping(db: Db, log: FastifyBaseLogger): () => void {
  const sweep = async () => {
    try {
      const now = Date.now();
      await deleteExpiredSessions(db, now);
      await kvSweep(db, now);
    } catch (error) {
      log.warn({ err: error }, 'housekeeping sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
