import { OPER_LOG_TEXT_MAX } from '@buglet/contracts';

/**
 * What the operation log keeps of a request and its answer, as pure functions: secrets masked
 * (passwords, tokens, keys, tickets, two-factor secrets and recovery codes), texts cut at the
 * original's 2,000 characters, the answer's business code read from the envelope.
 */

/**
 * A field whose name says it holds a secret; its value is never written to the log. A key is a
 * secret when it is one (`key`, `apiKey`, `accessKey`), not a name (`configKey`, `roleKey`); a
 * chat robot's `hook` carries its access token.
 */
export const SECRET_KEY =
  /pass|pwd|secret|token|ticket|authorization|cookie|credential|otpauth|recovery|^(api|access|private|app)?_?key$|^hook$/i;
export const MASK = '******';

/**
 * An API key (yyyyMMddHHmmss and 16 of [0-9A-Z]) wherever it appears (an address, a value the
 * original's client sends as the key's id): cut to its public id, the rest masked.
 */
const WHOLE_KEY = /(?<![0-9A-Za-z])(\d{14}[0-9A-Za-z]{4})[0-9A-Za-z]{12}(?![0-9A-Za-z])/g;
export const keysMasked = (text: string): string => text.replace(WHOLE_KEY, `$1${MASK}`);

/** Nested this deep, a value is written as "…" (a body is not a place for deep trees). */
const MAX_DEPTH = 8;

/**
 * JSON of `value` with every secret field masked, cut at `limit` characters. Writes only as much
 * as it keeps, so a body of 10,000 imported rows costs no more than a short one.
 */
export function maskedJson(value: unknown, limit = OPER_LOG_TEXT_MAX): string {
  const out: string[] = [];
  let length = 0;
  const write = (text: string): boolean => {
    out.push(text);
    length += text.length;
    return length < limit;
  };
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || v === undefined) return write('null');
    if (typeof v === 'string') {
      // A JSON object sent as a text (a chat platform's configParams) is masked inside too.
      const nested = v.length <= limit ? jsonObject(v) : undefined;
      if (nested) return write(JSON.stringify(maskedJson(nested, limit)));
      return write(JSON.stringify(v.length > limit ? v.slice(0, limit) : v));
    }
    if (typeof v === 'number' || typeof v === 'boolean') return write(JSON.stringify(v));
    if (typeof v === 'bigint') return write(String(v));
    if (typeof v !== 'object') return write('null');
    if (depth >= MAX_DEPTH) return write('"…"');
    if (Array.isArray(v)) {
      if (!write('[')) return false;
      for (let i = 0; i < v.length; i++) {
        if (i > 0 && !write(',')) return false;
        if (!walk(v[i], depth + 1)) return false;
      }
      return write(']');
    }
    if (!write('{')) return false;
    let first = true;
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      if (item === undefined || typeof item === 'function') continue;
      if (!first && !write(',')) return false;
      first = false;
      if (!write(`${JSON.stringify(k)}:`)) return false;
      if (SECRET_KEY.test(k) ? !write(JSON.stringify(MASK)) : !walk(item, depth + 1)) return false;
    }
    return write('}');
  };
  walk(value, 0);
  return clip(out.join(''), limit);
}

/** A JSON member `"name": value` whose value is a string (maybe cut short at the end) or a scalar. */
const MEMBER = /"((?:[^"\\]|\\.){0,200})"(\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|[-\w.+]+)/g;
/** Answers up to this size are parsed and masked member by member; larger ones by pattern. */
const PARSED_MAX = 64 * 1024;

/**
 * An answer's JSON text with its secret members masked, cut at `limit`. A large answer is read
 * only at its beginning (twice the limit), whatever its size; a secret cut short at the end of
 * that window is masked as well.
 */
export function maskedJsonText(text: string, limit = OPER_LOG_TEXT_MAX): string {
  if (text.length <= PARSED_MAX) {
    try {
      return maskedJson(JSON.parse(text), limit);
    } catch {
      // Not JSON: masked by pattern like a large answer.
    }
  }
  const head = text.length > limit * 2 ? text.slice(0, limit * 2) : text;
  return clip(
    head.replace(MEMBER, (member, name: string, colon: string) =>
      SECRET_KEY.test(name) ? `"${name}"${colon}"${MASK}"` : member,
    ),
    limit,
  );
}

/** Form text (`a=1&password=x`) as an object, secrets masked, for the parameters column. */
export function formFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) fields[k] = SECRET_KEY.test(k) ? MASK : v;
  return fields;
}

/** Cut at `limit` characters; PostgreSQL cannot store NUL, so none is kept. */
export function clip(text: string, limit = OPER_LOG_TEXT_MAX): string {
  const cut = text.length > limit ? text.slice(0, limit) : text;
  return cut.includes('\u0000') ? cut.replaceAll('\u0000', '') : cut;
}

/** The business code and message of an envelope answer, read without parsing all of it. */
export function envelopeOf(text: string): { code: number; msg: string | null } | undefined {
  const m = /^\s*\{\s*"code"\s*:\s*(\d+)/.exec(text.slice(0, 40));
  if (!m) return undefined;
  const msg = /"msg"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text.slice(0, OPER_LOG_TEXT_MAX * 2));
  let message: string | null = null;
  if (msg?.[1] !== undefined) {
    try {
      message = JSON.parse(`"${msg[1]}"`) as string;
    } catch {
      message = msg[1];
    }
  }
  return { code: Number(m[1]), msg: message };
}

/** The object a text holds when it is a JSON object. */
function jsonObject(text: string): object | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
