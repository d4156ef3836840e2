import type { z } from 'zod';
import { AppError } from './errors.ts';
import { isMessageKey, type MessageArg, type MessageKey } from './i18n.ts';

/** Turns the first schema violation into a translated error that names the field. */
export function validationError(error: z.ZodError, input?: unknown): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError('validation.invalid', ['request']);
  if (isMessageKey(issue.message)) return new AppError(issue.message);
  const field = issue.path.length > 0 ? issue.path.join('.') : 'request';
  const [key, args] = describe(issue, field, valueAt(input, issue.path));
  return new AppError(key, args);
}

function describe(issue: z.core.$ZodIssue, field: string, value: unknown): [MessageKey, MessageArg[]] {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null || value === ''
        ? ['validation.required', [field]]
        : ['validation.type', [field]];
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return ['validation.required', [field]];
      return issue.origin === 'string'
        ? ['validation.too-short', [field, Number(issue.minimum)]]
        : ['validation.too-small', [field, Number(issue.minimum)]];
    case 'too_big':
      return issue.origin === 'string'
        ? ['validation.too-long', [field, Number(issue.maximum)]]
        : ['validation.too-big', [field, Number(issue.maximum)]];
    case 'invalid_value':
      return ['validation.choice', [field, issue.values.map(String).join(', ')]];
    default:
      return ['validation.invalid', [field]];
  }
}

export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  let result = schema.safeParse(input);
  if (result.success) return result.data;
  // Two rules of the original's JSON binding (Jackson) its clients rely on, applied only where the
  // parse failed. An explicit null is "not given" (a form's empty field: `docPid: null`,
  // `whiteList: null`); a field that accepts null keeps it, and a required one sent as null is
  // still named as missing.
  let tried = input;
  for (let round = 0; round < 3; round++) {
    const relaxed = withoutNullsAt(tried, result.error.issues);
    if (relaxed === tried) break;
    tried = relaxed;
    result = schema.safeParse(tried);
    if (result.success) return result.data;
  }
  // A numeric text is read as the number wherever a number is expected (a share's agingHour:
  // "1"); the request passes only if then nothing else is wrong, else the error is the one above.
  const numbered = withNumbersAt(tried, result.error.issues);
  if (numbered !== tried) {
    const retried = schema.safeParse(numbered);
    if (retried.success) return retried.data;
  }
  throw validationError(result.error, tried);
}

const NUMERIC_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;

/** A copy of the input with each numeric text found at an issue's path turned into its number. */
function withNumbersAt(input: unknown, issues: readonly z.core.$ZodIssue[]): unknown {
  let out = input;
  for (const issue of issues) {
    const value = valueAt(out, issue.path);
    if (typeof value !== 'string' || !NUMERIC_TEXT.test(value.trim())) continue;
    out = replacedAt(out, issue.path, Number(value.trim()));
  }
  return out;
}

/** A copy of the input without each null found at an issue's path (a field of an object). */
function withoutNullsAt(input: unknown, issues: readonly z.core.$ZodIssue[]): unknown {
  let out = input;
  for (const issue of issues)
    if (issue.path.length > 0 && valueAt(out, issue.path) === null) out = withoutAt(out, issue.path);
  return out;
}

/** A copy of the input without the object field at the path (an array's item stays). */
function withoutAt(input: unknown, path: readonly PropertyKey[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined || input === null || typeof input !== 'object') return input;
  if (rest.length === 0) {
    if (Array.isArray(input)) return input;
    const { [head]: _dropped, ...others } = input as Record<PropertyKey, unknown>;
    return others;
  }
  const copy = (Array.isArray(input) ? [...input] : { ...input }) as Record<PropertyKey, unknown>;
  copy[head] = withoutAt(copy[head], rest);
  return copy;
}

function replacedAt(input: unknown, path: readonly PropertyKey[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (input === null || typeof input !== 'object') return input;
  const copy = (Array.isArray(input) ? [...input] : { ...input }) as Record<PropertyKey, unknown>;
  copy[head] = replacedAt(copy[head], rest, value);
  return copy;
}

/** Zod 4 leaves the offending value out of its issues; find it in the input by path. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}
