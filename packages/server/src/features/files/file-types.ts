import { IMAGE_EXTENSIONS, UPLOAD_EXTENSIONS, type UploadExtension } from '@buglet/contracts';

/** Content checks by magic bytes: a file must be what its extension claims. */

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function isUploadExtension(ext: string): ext is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

export function isImageExtension(ext: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Plain text: valid UTF-8 with no NUL bytes (the head may end inside a character). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  for (let cut = 0; cut <= 3 && cut < head.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // a multi-byte character may straddle the end of the head: try a shorter slice
    }
  }
  return head.length === 0;
}

export function contentMatches(ext: UploadExtension, head: Uint8Array): boolean {
  switch (ext) {
    case 'png':
      return startsWith(head, PNG);
    case 'jpg':
    case 'jpeg':
      return startsWith(head, JPEG);
    case 'pdf':
      return startsWith(head, PDF);
    case 'zip':
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return startsWith(head, ZIP) || (ext === 'zip' && startsWith(head, ZIP_EMPTY));
    case 'doc':
    case 'xls':
    case 'ppt':
      return startsWith(head, OLE);
    case 'txt':
    case 'md':
      return head.length > 0 && isText(head);
  }
}

/**
 * What a file without an extension is, by its first bytes: browsers upload a canvas or a cropped
 * image as a Blob named "blob". Only formats a signature names alone (not zip's family).
 */
export function sniffExtension(head: Uint8Array): UploadExtension | undefined {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpg';
  if (startsWith(head, PDF)) return 'pdf';
  return undefined;
}

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
