import fs from 'node:fs';
import SQLite from 'better-sqlite3';

/** All remaining pages in one step (better-sqlite3 caps the page count at this). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies an SQLite database file with SQLite's online backup, through a read-only connection of
 * its own: the server goes on reading and writing meanwhile (WAL mode lets a reader and writers
 * run together) and the copy is the database as of one moment. The pages are copied in one step
 * under one read transaction: copied in small steps, a write from another connection between two
 * steps restarts the copy, and a busy server could keep restarting it for ever.
 */
export async function copySqliteOnline(sourceFile: string, targetFile: string): Promise<void> {
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(targetFile, { progress: () => ALL_PAGES });
  } catch (error) {
    await fs.promises.rm(targetFile, { force: true });
    throw error;
  } finally {
    source.close();
  }
}
