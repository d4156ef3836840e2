import type { LogEvent } from 'kysely';
import { formatDateTime } from '../lib/time.ts';

/** A query slower than this is kept for the database page. */
export const SLOW_QUERY_MS = 200;
/** The newest slow queries kept (per server instance). */
const KEPT = 50;
const SQL_MAX = 2000;

export interface SlowQuery {
  sql: string;
  durationMs: number;
  time: string;
  isError: boolean;
}

const kept: SlowQuery[] = [];
let threshold = SLOW_QUERY_MS;

/**
 * Kysely's log hook (db/connect.ts): every query's duration is handed here; the slow ones are kept
 * in a small ring, newest first, as SQL text only (never the values bound to it: they may be
 * passwords or personal data).
 */
export function recordQuery(event: LogEvent): void {
  if (event.queryDurationMillis < threshold) return;
  const text = event.query.sql;
  kept.unshift({
    sql: text.length > SQL_MAX ? `${text.slice(0, SQL_MAX)}…` : text,
    durationMs: Math.round(event.queryDurationMillis * 10) / 10,
    time: formatDateTime(),
    isError: event.level === 'error',
  });
  if (kept.length > KEPT) kept.length = KEPT;
}

export function slowQueries(): { slowQueryMs: number; slowQueries: SlowQuery[] } {
  return { slowQueryMs: threshold, slowQueries: [...kept] };
}

/** For tests: keep every query at or above `ms` (and forget what was kept). */
export function setSlowQueryMs(ms: number): void {
  threshold = ms;
  kept.length = 0;
}
