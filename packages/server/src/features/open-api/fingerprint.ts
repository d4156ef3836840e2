import { createHash } from 'node:crypto';

/**
 * What stays the same when one failure happens again: the title and the stack trace without what
 * changes from run to run — timestamps, UUIDs, hex addresses and hashes, line and column numbers,
 * other numbers (ids, ports, durations) — and with whitespace evened out.
 */
export function normaliseFailure(title: string, trace: string): string {
  return `${title}\n${trace}`
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b\d{2}:\d{2}:\d{2}(\.\d+)?\b/g, '<time>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<addr>')
    .replace(/@[0-9a-f]{4,}\b/gi, '@<addr>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '<hex>')
    .replace(/\d+/g, '#')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** The fingerprint of a failure pushed without a key: one defect per fingerprint. */
export function failureFingerprint(title: string, trace: string): string {
  return createHash('sha256').update(normaliseFailure(title, trace)).digest('hex');
}

/** Keys are matched by their hash (they may be long), as stored in `sys_defect_push`. */
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');
