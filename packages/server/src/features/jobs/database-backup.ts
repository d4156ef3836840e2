import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { copySqliteOnline } from '../../db/sqlite-copy.ts';
import { AppError } from '../../http/errors.ts';
import { compactTimestamp } from '../../lib/time.ts';

const BACKUP_NAME = /^buglet-\d{14}-\d{3}\.db$/;

export const backupDir = (config: AppConfig) => path.join(config.dataDir, 'backups');

/**
 * Copies the SQLite database into DATA_DIR/backups with SQLite's online backup (through a
 * connection of its own, so requests go on meanwhile and the copy is consistent), then keeps the
 * newest `keep` copies. PostgreSQL is backed up with its own tools. `npm run backup` makes the
 * fuller archive (database and uploads, src/cli/backup.ts) from the same copy.
 */
export async function backupDatabase(
  config: AppConfig,
  keep: number,
  now = new Date(),
): Promise<{ fileName: string; size: number; removed: number }> {
  const database = config.database;
  if (database.kind === 'postgres') throw new AppError('job.backup.postgres');
  if (database.file === ':memory:') throw new AppError('job.backup.memory');
  const dir = backupDir(config);
  await fs.promises.mkdir(dir, { recursive: true });
  const fileName = `buglet-${compactTimestamp(now)}-${String(now.getMilliseconds()).padStart(3, '0')}.db`;
  const target = path.join(dir, fileName);
  await copySqliteOnline(database.file, target);
  const { size } = await fs.promises.stat(target);
  // Names sort by time; only our own copies are counted and removed.
  const copies = (await fs.promises.readdir(dir)).filter((n) => BACKUP_NAME.test(n)).sort();
  const old = copies.slice(0, Math.max(0, copies.length - keep));
  for (const name of old) await fs.promises.rm(path.join(dir, name), { force: true });
  return { fileName, size, removed: old.length };
}
