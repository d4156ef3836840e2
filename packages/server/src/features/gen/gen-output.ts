import fs from 'node:fs/promises';
import path from 'node:path';

/** Generated files (path -> text) as one zip, folders as in the repository. */
export async function zipFiles(files: Record<string, string>): Promise<Buffer> {
  // Loaded with the first download: start-up does without it.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Where `genCode` writes: a fixed folder under the data folder, never a path a request names. */
export const genOutputDir = (dataDir: string) => path.join(dataDir, 'gen');

/**
 * Writes one table's files under `<data>/gen/<table>/` (emptied first, so a file the table no
 * longer generates does not linger) and answers that folder. The original wrote to a path taken
 * from the request (`genPath`), which let the back office write anywhere the server may.
 */
export async function writeFiles(dataDir: string, tableName: string, files: Record<string, string>) {
  const root = genOutputDir(dataDir);
  const dir = path.join(root, tableName);
  if (path.dirname(dir) !== root) throw new Error(`not a table name: ${tableName}`);
  await fs.rm(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    const target = path.resolve(dir, name);
    if (!target.startsWith(`${dir}${path.sep}`)) throw new Error(`generated path leaves its folder: ${name}`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, text);
  }
  return dir;
}
