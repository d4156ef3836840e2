/** Serialises GET params like the original client: nested objects become `key[sub]=value`. */
export type QueryValue = string | number | boolean | null | undefined | QueryObject | QueryValue[];
export interface QueryObject {
  [key: string]: QueryValue;
}

function append(out: string[], key: string, value: QueryValue): void {
  if (value === null || value === undefined || value === '') return;
  if (Array.isArray(value)) {
    out.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.join(','))}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [sub, subValue] of Object.entries(value)) append(out, `${key}[${sub}]`, subValue);
    return;
  }
  out.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
}

export function toQueryString(params: QueryObject | undefined): string {
  if (!params) return '';
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) append(out, key, value);
  return out.join('&');
}
