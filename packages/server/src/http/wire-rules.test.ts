import { LIST_ALL_MAX } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asQuery, sample } from '../../test/route-samples.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { nestParams } from './query.ts';
import type { RouteEntry } from './route.ts';
import { parseWith } from './validation.ts';

/*
 * Three wire rules of the original's clients, checked on every route of the route table through
 * the same parsing the routes use (no route is named here, so a new one is covered as it comes):
 * an explicit null in a body means "not given"; a list in a query may come as indexed keys
 * (`handleBy[0]=3`); a page larger than a list's limit is answered capped, not refused.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'pipe']);

/** The schemas a field's schema wraps, outermost first (optional, default, transforms…). */
function layers(schema: z.ZodType): z.ZodType[] {
  const out = [schema];
  let def = defOf(schema);
  while (WRAPPERS.has(def.type)) {
    const inner = (def.type === 'pipe' ? def.in : def.innerType) as z.ZodType;
    out.push(inner);
    def = defOf(inner);
  }
  return out;
}
const shapeOf = (schema: z.ZodType | undefined) => {
  if (!schema || defOf(schema).type !== 'object') return undefined;
  return defOf(schema).shape as Record<string, z.ZodType>;
};
const parses = (schema: z.ZodType, input: unknown): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: parseWith(schema, input) };
  } catch {
    return { ok: false };
  }
};
const without = (value: unknown, field: string) => {
  const { [field]: _left, ...rest } = value as Record<string, unknown>;
  return rest;
};

let t: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable.routes;
});
afterAll(async () => t.close());

const name = (r: RouteEntry) => `${r.method} ${r.url}`;

describe('on every route', () => {
  it('an optional body field sent as null is read as not given', () => {
    const refused: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const shape = shapeOf(route.body);
      if (!route.body || !shape) continue;
      const minimal = sample(route.body, () => undefined, '', true) as Record<string, unknown>;
      const base = parses(route.body, minimal);
      if (!base.ok) continue; // a schema the sampler cannot satisfy: the fuzz test covers it
      for (const field of Object.keys(shape).filter((f) => !(f in minimal))) {
        checked++;
        const withNull = parses(route.body, { ...minimal, [field]: null });
        if (!withNull.ok) refused.push(`${name(route)} ${field}: null`);
        else
          expect(without(withNull.value, field), `${name(route)} ${field}`).toEqual(
            without(base.value, field),
          );
      }
    }
    console.log(`optional body fields sent as null: ${checked} checked`);
    expect(checked).toBeGreaterThan(300);
    expect(refused).toEqual([]);
  });

  it('a list in a query may come as indexed keys (name[0]=…&name[1]=…), as repeated keys or comma-separated', () => {
    const differing: string[] = [];
    const lists: string[] = [];
    for (const route of routes) {
      const shape = shapeOf(route.query);
      if (!route.query || !shape) continue;
      const minimal = asQuery(sample(route.query, () => undefined, '', true));
      for (const [field, schema] of Object.entries(shape)) {
        const kinds = layers(schema);
        const isList = kinds.some(
          (s) => z.globalRegistry.get(s)?.queryList === true || defOf(s).type === 'array',
        );
        if (!isList) continue;
        lists.push(`${name(route)} ${field}`);
        const comma = parses(route.query, nestParams({ ...minimal, [field]: '1,2' }));
        const repeated = parses(route.query, nestParams({ ...minimal, [field]: ['1', '2'] }));
        const indexed = parses(
          route.query,
          nestParams({ ...minimal, [`${field}[1]`]: '2', [`${field}[0]`]: '1' }),
        );
        if (!indexed.ok || !repeated.ok) differing.push(`${name(route)} ${field}: refused`);
        else {
          expect(indexed.value, `${name(route)} ${field}`).toEqual(repeated.value);
          if (comma.ok) expect(indexed.value, `${name(route)} ${field}`).toEqual(comma.value);
        }
      }
    }
    console.log(`query lists: ${lists.join('; ')}`);
    expect(lists).toEqual(expect.arrayContaining(['GET /system/defect/list handleBy']));
    expect(differing).toEqual([]);
  });

  it('a page larger than the limit is answered capped (the calendar asks for 9999999 rows)', () => {
    const refused: string[] = [];
    const skipped: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const shape = shapeOf(route.query);
      if (!route.query || !shape?.pageSize) continue;
      const minimal = asQuery(sample(route.query, () => undefined, '', true));
      if (!parses(route.query, nestParams(minimal)).ok) {
        skipped.push(name(route));
        continue;
      }
      checked++;
      const huge = parses(route.query, nestParams({ ...minimal, pageSize: '9999999' }));
      if (!huge.ok) refused.push(name(route));
      else expect((huge.value as { pageSize: number }).pageSize).toBeLessThanOrEqual(LIST_ALL_MAX);
    }
    console.log(
      `paged lists: ${checked} checked; the sampler cannot satisfy ${skipped.join(', ') || 'none'}`,
    );
    expect(checked).toBeGreaterThan(30);
    expect(refused).toEqual([]);
  });
});
