import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './sqlite-checkpoints.ts';

/** A WAL database whose own connection never checkpoints, written one small transaction at a time. */
async function writeMany(file: string, transactions: number) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table if not exists t (id integer primary key, body text)');
  const insert = db.prepare('insert into t (body) values (?)');
  for (let i = 0; i < transactions; i++) {
    insert.run('x'.repeat(3000));
    // Bursts of commits with pauses between them, as requests come.
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  const walBytes = fs.statSync(`${file}-wal`).size;
  const rows = (db.prepare('select count(*) as n from t').get() as { n: number }).n;
  db.close();
  return { walBytes, rows };
}

const dirs: string[] = [];
const fileIn = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-checkpoints-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('checkpoints on their own thread', () => {
  it('keep the write-ahead log short while another connection commits', async () => {
    const unattended = await writeMany(fileIn(), 1500);
    const file = fileIn();
    // The table exists before the worker opens the file.
    await writeMany(file, 1);
    const checkpointer = startCheckpointer(file, 10, 0);
    try {
      const attended = await writeMany(file, 1500);
      expect(attended.rows).toBe(1501);
      // Unattended, the log holds every commit (about 6 MB); checkpointed, it is reused from the start.
      expect(unattended.walBytes).toBeGreaterThan(4_000_000);
      expect(attended.walBytes).toBeLessThan(unattended.walBytes / 3);
    } finally {
      await checkpointer.stop();
    }
  });

  it('stops, started or not', async () => {
    const early = startCheckpointer(fileIn(), 10, 60_000);
    await early.stop();
    await early.stop();
    const file = fileIn();
    await writeMany(file, 1);
    const running = startCheckpointer(file, 10, 0);
    await new Promise((r) => setTimeout(r, 300));
    await running.stop();
  });
});
