import { createInflateRaw } from 'node:zlib';

/**
 * What a zip file really unpacks to, counted while it is unpacked, never trusted from what the
 * file declares: a workbook whose sheet says 5,000 bytes may inflate to a gigabyte (a zip bomb).
 * Each entry is inflated as a stream whose output is counted and thrown away, so memory stays flat
 * whatever the file holds, and the count stops as soon as it passes the cap.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** One entry as the central directory names it (the reader of the workbook reads the same bytes). */
interface ZipEntry {
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderAt: number;
}

/**
 * The entries of a zip file from its central directory, or undefined when the bytes are no zip
 * file a workbook reader would take (no directory, ZIP64 sizes, which no workbook of ours needs,
 * an entry outside the file, or a compression other than stored and deflated).
 */
export function zipEntries(bytes: Buffer): ZipEntry[] | undefined {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const entry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      localHeaderAt: bytes.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff) return undefined;
    if (entry.method !== STORED && entry.method !== DEFLATED) return undefined;
    entries.push(entry);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The total unpacked size a zip file declares (undefined: not a zip file we read). */
export function declaredSize(bytes: Buffer): number | undefined {
  return zipEntries(bytes)?.reduce((sum, e) => sum + e.declaredSize, 0);
}

/** An entry's compressed bytes, where its local header says they start. */
function entryData(bytes: Buffer, e: ZipEntry): Buffer | undefined {
  const at = e.localHeaderAt;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) return undefined;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + e.compressedSize > bytes.length) return undefined;
  return bytes.subarray(start, start + e.compressedSize);
}

export type Inflation =
  | { kind: 'within'; bytes: number }
  | { kind: 'too-large' }
  /** Not a zip file, or one whose entries do not unpack (or not to the sizes they declare). */
  | { kind: 'invalid' };

/**
 * Unpacks every entry, counting what comes out and keeping none of it, until the total passes
 * `cap` (then 'too-large', at once). An entry that unpacks to another size than it declares makes
 * the file 'invalid', so whatever reads it afterwards reads exactly what was counted.
 */
export async function measureInflation(bytes: Buffer, cap: number): Promise<Inflation> {
  const entries = zipEntries(bytes);
  if (!entries) return { kind: 'invalid' };
  let total = 0;
  for (const e of entries) {
    const data = entryData(bytes, e);
    if (!data) return { kind: 'invalid' };
    let size: number | 'too-large' | 'invalid';
    if (e.method === STORED) {
      size = data.length;
      if (total + size > cap) size = 'too-large';
    } else {
      size = await inflatedLength(data, cap - total);
    }
    if (size === 'too-large' || size === 'invalid') return { kind: size };
    if (size !== e.declaredSize) return { kind: 'invalid' };
    total += size;
  }
  return { kind: 'within', bytes: total };
}

/** What deflated data unpacks to, streamed; 'too-large' as soon as it passes `room`. */
function inflatedLength(data: Buffer, room: number): Promise<number | 'too-large' | 'invalid'> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let length = 0;
    let settled = false;
    const settle = (result: number | 'too-large' | 'invalid') => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(result);
    };
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > room) settle('too-large');
    });
    inflate.on('end', () => settle(length));
    inflate.on('error', () => settle('invalid'));
    inflate.end(data);
  });
}
