import { constants, deflateRawSync } from 'node:zlib';

/**
 * A workbook-shaped zip whose sheet unpacks to `inflatedMb` megabytes of zeros while its headers
 * declare `declaredBytes`, as the outside probe's file did (1.2 MB that claimed 5,000 bytes and
 * inflated to 1.2 GB). One megabyte of zeros is deflated with a full flush (byte-aligned, no
 * back-reference across it), so the block can be repeated to any size without compressing it again.
 */
export function xlsxBomb({ inflatedMb = 1200, declaredBytes = 5000 } = {}): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  const sheet = Buffer.concat([...Array<Buffer>(inflatedMb).fill(block), finalEmptyBlock]);
  const types = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  return zipOf([
    { name: '[Content_Types].xml', method: 0, data: types, size: types.length },
    { name: 'xl/worksheets/sheet1.xml', method: 8, data: sheet, size: declaredBytes },
  ]);
}

/** A zip file of the given entries, their data already compressed, their sizes as given. */
export function zipOf(entries: Array<{ name: string; method: 0 | 8; data: Buffer; size: number }>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    directory.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directorySize = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}
