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
  if (!result.success) throw validationError(result.error, input);
  return result.data;
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
