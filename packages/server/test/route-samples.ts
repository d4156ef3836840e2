import type { z } from 'zod';

/**
 * Inputs for a route from its own schema, for the generated authorisation and fuzz tests: a
 * value that passes the schema where it can (`hint` supplies ids from a scene by field name),
 * so a request reaches the rule under test instead of stopping at validation.
 */
export type Hint = (key: string) => unknown;

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) =>
  ((def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? []).map(
    (c) => c._zod.def,
  );

const OPTIONAL = new Set(['optional', 'default', 'prefault']);
const KEPT_WHEN_MINIMAL = new Set([
  'projectId',
  'teamId',
  'currentProjectId',
  'currentTeamId',
  'pageNum',
  'pageSize',
]);

export function sample(
  schema: z.ZodType | undefined,
  hint: Hint = () => undefined,
  key = '',
  /** Leave out optional fields (but the scope's and the page's): the smallest input that passes. */
  isMinimal = false,
): unknown {
  if (!schema) return undefined;
  const def = defOf(schema);
  // The smallest input: an optional field is left out even when the hint names it (a filter
  // narrows a list), but for the team and project a list is asked about and the page wanted.
  if (isMinimal && OPTIONAL.has(def.type) && !KEPT_WHEN_MINIMAL.has(key)) return undefined;
  const hinted = key ? hint(key) : undefined;
  if (hinted !== undefined && def.type !== 'object') return fit(def, hinted);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const value = sample(field, hint, name, isMinimal);
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    case 'optional':
      return isMinimal ? undefined : sample(def.innerType as z.ZodType, hint, key, isMinimal);
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType as z.ZodType, hint, key, isMinimal);
    case 'default':
    case 'prefault': {
      if (isMinimal) return undefined;
      const inner = sample(def.innerType as z.ZodType, hint, key, isMinimal);
      return inner === undefined
        ? typeof def.defaultValue === 'function'
          ? undefined
          : def.defaultValue
        : inner;
    }
    case 'pipe':
      return sample(def.in as z.ZodType, hint, key, isMinimal);
    case 'lazy':
      return undefined;
    case 'union':
      return sample((def.options as z.ZodType[])[0], hint, key, isMinimal);
    case 'intersection':
      return {
        ...(sample(def.left as z.ZodType, hint) as object),
        ...(sample(def.right as z.ZodType, hint) as object),
      };
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'boolean':
      return true;
    case 'number':
    case 'bigint': {
      let min = 1;
      for (const c of checksOf(def))
        if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : 1));
      return min;
    }
    case 'string': {
      const checks = checksOf(def);
      if (checks.some((c) => c.format === 'email')) return 'someone@example.com';
      if (checks.some((c) => c.format === 'url')) return 'https://example.com/';
      if (checks.some((c) => c.format === 'regex')) return '1';
      const min = Math.max(
        1,
        ...checks.filter((c) => c.check === 'min_length').map((c) => Number(c.minimum)),
      );
      const max = Math.min(
        ...checks.filter((c) => c.check === 'max_length').map((c) => Number(c.maximum)),
        64,
      );
      return 'sample-text-x'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 13)));
    }
    case 'array': {
      const element = sample(def.element as z.ZodType, hint, key, isMinimal);
      return element === undefined ? [] : [element];
    }
    case 'record':
      return {};
    case 'date':
      return '2026-01-01 00:00:00';
    default:
      return undefined;
  }
}

/** A hinted id in the shape the field takes (a list for list fields, a text for text fields). */
function fit(def: Def, value: unknown): unknown {
  // A hint of null sends null (a field left empty on purpose).
  if (value === null) return null;
  let inner = def;
  // Through every wrapper (`nullish` is two): the shape is the innermost one's.
  while (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'pipe'].includes(inner.type))
    inner = defOf(inner.type === 'pipe' ? inner.in : inner.innerType);
  if (inner.type === 'array') return Array.isArray(value) ? value : [value];
  if (inner.type === 'string') return Array.isArray(value) ? value.join(',') : String(value);
  if (Array.isArray(value)) return value[0];
  return value;
}

/** Query values travel as text. */
export function asQuery(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null || typeof v === 'object') continue;
    out[key] = String(v);
  }
  return out;
}
