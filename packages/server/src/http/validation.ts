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
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // The original's JSON binding (Jackson) reads "1" as 1 wherever a number is expected, and its
  // clients rely on it (a share's agingHour: "1"). A numeric text where the parse failed is tried
  // as the number; the request passes only if then nothing else is wrong.
  const numbered = withNumbersAt(input, result.error.issues);
  if (numbered !== input) {
    const retried = schema.safeParse(numbered);
    if (retried.success) return retried.data;
  }
  throw validationError(result.error, input);
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
