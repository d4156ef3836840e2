import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints of the SQLite file on a thread of their own. A commit in WAL mode with
 * synchronous=NORMAL only appends to the log; the checkpoint that copies the log back into the
 * database file is what waits for the disk (fsync). Left to SQLite it runs inside whichever
 * commit crosses the threshold, stalling that request and every one queued behind it. Here a
 * worker with its own connection checkpoints PASSIVE (never blocking a writer or a reader) a few
 * times a second; the connection's own automatic checkpoint stays as a safety net, at a higher
 * threshold, should the worker fall behind.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next turn tries again
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Pages the connection itself lets the log grow to before it checkpoints (the safety net). */
export const SAFETY_NET_PAGES = 10_000;

/**
 * Starts the worker a little after the server (nothing needs a checkpoint at start-up, and the
 * start-up has the processor to itself meanwhile).
 */
export function startCheckpointer(file: string, everyMs = 200, afterMs = 2000): { stop(): Promise<void> } {
  let worker: Worker | undefined;
  let gone: Promise<void> = Promise.resolve();
  let isStopped = false;
  const later = setTimeout(() => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const started = new Worker(WORKER, { eval: true, workerData: { driver, file, everyMs } });
    started.unref();
    // A failing checkpointer only means SQLite's own checkpoints do the work again.
    started.on('error', () => undefined);
    gone = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    void gone.then(() => {
      worker = undefined;
    });
    worker = started;
  }, afterMs);
  later.unref();
  return {
    async stop() {
      if (isStopped) return gone;
      isStopped = true;
      clearTimeout(later);
      if (worker) {
        worker.postMessage('stop');
        setTimeout(() => void worker?.terminate(), 2000).unref();
      }
      await gone;
    },
  };
}
