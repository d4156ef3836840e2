import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatFileSize, LIMITS, UPLOAD_EXTENSIONS, type UploadExtension } from '@buglet/contracts';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../../http/errors.ts';
import { compactTimestamp, datePath } from '../../lib/time.ts';
import { contentMatches, isImageExtension, isUploadExtension, sniffExtension } from './file-types.ts';

export interface StoredFile {
  /** Public path, `/profile/<area>/yyyy/MM/dd/<name>`. */
  fileName: string;
  newFileName: string;
  originalFilename: string;
  fileExtension: string;
  size: number;
}

const HEAD_BYTES = 8192;

/** A generated, unguessable name that still reads like the original one. */
export function storedName(originalName: string, ext: string): string {
  const base = path
    .basename(originalName, path.extname(originalName))
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .slice(0, 40);
  return `${base || 'file'}_${compactTimestamp()}A${randomBytes(4).toString('hex')}.${ext}`;
}

export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** Resolves a public `/profile/...` path inside the upload root, or nothing if it would escape it. */
export function resolveInside(root: string, relative: string): string | undefined {
  if (relative.includes('\0') || relative.split(/[\\/]/).includes('..')) return undefined;
  const full = path.resolve(root, `.${path.posix.sep}${relative.replace(/^\/+/, '')}`);
  return full.startsWith(root + path.sep) ? full : undefined;
}

/**
 * Streams an upload to a temporary file while keeping its head, checks size and content, then
 * moves it into place. Whatever fails, nothing is left behind.
 */
export async function storeUpload(
  uploadRoot: string,
  area: string,
  file: MultipartFile,
  allowed: (ext: string) => boolean = isUploadExtension,
): Promise<StoredFile> {
  const originalFilename = file.filename;
  if (originalFilename.length > LIMITS.fileNameMax) {
    file.file.resume();
    throw new AppError('upload.filename.exceed.length', [LIMITS.fileNameMax]);
  }
  const named = extensionOf(originalFilename);
  // A file without an extension (a Blob named "blob") is judged by its content once its head is in.
  const isSniffed = named === '';
  const refused = () =>
    new AppError('upload.type.not-allowed', [UPLOAD_EXTENSIONS.filter((e) => allowed(e)).join(', ')]);
  if (!isSniffed && (!allowed(named) || !isUploadExtension(named))) {
    file.file.resume();
    throw refused();
  }
  const maxBytes = !isSniffed && isImageExtension(named) ? LIMITS.imageMaxBytes : LIMITS.fileMaxBytes;
  const tmpDir = path.join(uploadRoot, '.tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
  const chunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new AppError(tooLargeKey(named), [formatFileSize(maxBytes)]));
      if (headLength < HEAD_BYTES) {
        chunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(file.file, meter, fs.createWriteStream(tmp));
    if (file.file.truncated) throw new AppError(tooLargeKey(named), [formatFileSize(maxBytes)]);
    const head = Buffer.concat(chunks);
    const ext = isSniffed ? sniffExtension(head) : (named as UploadExtension);
    if (!ext || !allowed(ext)) throw refused();
    if (isImageExtension(ext) && size > LIMITS.imageMaxBytes) {
      throw new AppError('upload.image.too-large', [formatFileSize(LIMITS.imageMaxBytes)]);
    }
    if (!contentMatches(ext, head)) throw new AppError('upload.type.mismatch', [ext]);
    const dir = path.join(area, datePath());
    const newFileName = storedName(originalFilename, ext);
    await fs.promises.mkdir(path.join(uploadRoot, dir), { recursive: true });
    await fs.promises.rename(tmp, path.join(uploadRoot, dir, newFileName));
    return {
      fileName: `/profile/${dir.split(path.sep).join('/')}/${newFileName}`,
      newFileName,
      originalFilename,
      fileExtension: ext,
      size,
    };
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(tooLargeKey(named), [formatFileSize(maxBytes)]);
    }
    throw error;
  }
}

function tooLargeKey(ext: string) {
  return isImageExtension(ext) ? ('upload.image.too-large' as const) : ('upload.file.too-large' as const);
}

/** Removes a file stored a moment ago (its public `/profile/...` path), when what it belonged to failed. */
export async function removeStored(uploadRoot: string, fileName: string): Promise<void> {
  const file = resolveInside(uploadRoot, fileName.replace(/^\/profile\//, ''));
  if (file) await fs.promises.rm(file, { force: true });
}

/** Writes a decoded data-URL image (screenshots) after the same checks. */
export async function storeImageBytes(uploadRoot: string, bytes: Buffer, ext: 'png' | 'jpeg' | 'jpg') {
  if (bytes.length > LIMITS.imageMaxBytes) {
    throw new AppError('upload.image.too-large', [formatFileSize(LIMITS.imageMaxBytes)]);
  }
  if (!contentMatches(ext, bytes.subarray(0, HEAD_BYTES))) throw new AppError('upload.type.mismatch', [ext]);
  const dir = path.join('upload', datePath());
  const name = `screen_${randomBytes(4).toString('hex')}_${compactTimestamp()}.${ext}`;
  await fs.promises.mkdir(path.join(uploadRoot, dir), { recursive: true });
  await fs.promises.writeFile(path.join(uploadRoot, dir, name), bytes);
  return { fileName: `/profile/${dir.split(path.sep).join('/')}/${name}`, newFileName: name };
}
