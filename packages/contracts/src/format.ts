/** Small pure helpers used by both the client and the server. */

const NUMERIC = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;

/** Optional sign, an integer without leading zeros (or a single zero), optional fraction. */
export function isNumericString(value: string): boolean {
  return NUMERIC.test(value);
}

/** Links are external when they start with http(s):, mailto: or tel:. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Byte counts in steps of 1024, B to YB, three significant digits. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(Math.round(value)) : Number(value.toPrecision(3)).toString();
  return `${text} ${UNITS[unit]}`;
}
