const pad = (n: number) => String(n).padStart(2, '0');

/** The wire format of the original: `yyyy-MM-dd HH:mm:ss` in server local time. */
export function formatDateTime(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

export function datePath(date: Date = new Date()): string {
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

export function compactTimestamp(date: Date = new Date()): string {
  return formatDateTime(date).replace(/[- :]/g, '');
}
