import { API_KEY_HEADER } from '@buglet/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type Json, type TestApp } from '../../test/test-app.ts';
import { buildOpenApi, openApiPath, tagOf } from './openapi.ts';
import { authenticated, perm } from './permission.ts';
import type { RouteEntry } from './route.ts';

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/v3/api-docs' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(async () => t.close());

const operation = (method: string, url: string): Json | undefined =>
  doc.paths?.[openApiPath(url)]?.[method.toLowerCase()];

describe('GET /v3/api-docs', () => {
  it('is a valid OpenAPI 3.1 document, served without a session', async () => {
    const validator = new Validator();
    // A copy: resolving the references rewrites the document in place.
    const result = await validator.validate(structuredClone(doc));
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    // Every reference points at something the document holds.
    expect(() => validator.resolveRefs()).not.toThrow();
    // The validator is a real one: a document without its info is refused.
    const { info: _info, ...broken } = doc;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('holds one operation per route, with unique ids and every path parameter', () => {
    const { routes } = t.app.routeTable;
    const ids = new Set<string>();
    let count = 0;
    for (const route of routes) {
      const op = operation(route.method, route.url);
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      ids.add(op?.operationId);
      const declared = (op?.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      expect(declared.sort(), route.url).toEqual([...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort());
    }
    for (const item of Object.values(doc.paths as Record<string, Json>)) count += Object.keys(item).length;
    expect(count).toBe(routes.length);
    expect(ids.size).toBe(routes.length);
    // Raw routes (static files, the socket) are not part of the API.
    expect(t.app.routeTable.rawRoutes.length).toBeGreaterThan(0);
    for (const raw of t.app.routeTable.rawRoutes) expect(operation(raw.method, raw.url)).toBeUndefined();
  });

  it('names the security each guard asks for', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: API_KEY_HEADER });
    const push = operation('POST', '/api/report/defect');
    expect(push?.security).toEqual([{ apiKey: [] }]);
    expect(push?.tags).toEqual(['api']);
    expect(push?.['x-permissions']).toEqual({ apiCapability: 'report:push' });
    const list = operation('GET', '/system/defect/list');
    expect(list?.security).toEqual([{ session: [] }]);
    expect(list?.tags).toEqual(['system/defect']);
    expect(list?.['x-permissions']).toEqual({ anyOf: ['system:defect:list'] });
    expect(list?.description).toContain('system:defect:list');
    expect(list?.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/TableData',
    });
    expect(operation('POST', '/login')?.security).toEqual([]);
    expect(operation('GET', '/getInfo')?.security).toEqual([{ session: [] }]);
  });

  it("writes its texts in the caller's language, Chinese by default", async () => {
    expect(doc.info.title).toBe('Buglet 接口');
    expect(operation('GET', '/system/defect/list')?.description).toBe(
      '需要具有以下任一权限的会话：`system:defect:list`。调用者须属于请求所指的团队或项目，权限按其在那里的角色判断。',
    );
    const res = await t.app.inject({ method: 'GET', url: '/v3/api-docs', headers: { language: 'en_US' } });
    const en = res.json() as Json;
    expect(en.info.title).toBe('Buglet API');
    expect(en.info.description).toContain(`\`${API_KEY_HEADER}\` header`);
    expect(en.paths['/login'].post.description).toBe('Public: no session needed.');
    expect(en.paths['/system/defect/list'].get.description).toBe(
      'Needs a session with any of the permissions `system:defect:list`. The caller must belong to the team or project the request names; permissions are judged by their roles there.',
    );
    expect(res.headers.vary).toContain('language');
    expect(en.components.schemas.TableData.properties.total.description).toBe(
      'Rows matching the filter, over all pages.',
    );
    // The same operations in both.
    expect(Object.keys(en.paths)).toEqual(Object.keys(doc.paths));
  });

  it('documents bodies, query keys and path parameters from the route schemas', () => {
    const body = operation('POST', '/system/api')?.requestBody;
    expect(body?.required).toBe(true);
    const schema = body?.content['application/json'].schema;
    expect(schema.required).toContain('apiName');
    expect(schema.properties.apiName).toMatchObject({ type: 'string', maxLength: 30 });
    const query = (operation('GET', '/system/defect/list')?.parameters ?? []) as Json[];
    expect(query.find((p) => p.name === 'pageNum')).toMatchObject({ in: 'query', required: false });
    const members = (operation('GET', '/system/project/{projectId}/member')?.parameters ?? []) as Json[];
    expect(members.find((p) => p.name === 'projectId')).toMatchObject({ in: 'path', required: true });
    expect(query.find((p) => p.name === 'params[keyword]')).toMatchObject({ in: 'query', required: false });
    const byId = operation('GET', '/system/defect/:defectId')?.parameters as Json[];
    expect(byId).toContainEqual(expect.objectContaining({ name: 'defectId', in: 'path', required: true }));
    // An export's filters: the query's keys, or the same fields as a form body.
    const exported = operation('POST', '/system/report/export');
    expect(exported?.parameters).toContainEqual(expect.objectContaining({ name: 'projectId', in: 'query' }));
    const form = exported?.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(form.properties.projectId).toBeDefined();
  });
});

describe('buildOpenApi', () => {
  type Node = { name: string; children: Node[] };
  const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
  const routes: RouteEntry[] = [
    { method: 'PUT', url: '/tree/:treeId', guard: authenticated, isScoped: false, body: node },
    {
      method: 'POST',
      url: '/odd',
      guard: perm('a:b', 'c:d'),
      isScoped: true,
      body: z
        .object({ when: z.date(), n: z.coerce.number(), s: z.string().transform((s) => s.length) })
        .refine(() => true),
    },
  ];

  it('tags an operation by the feature its path names', () => {
    expect(tagOf('/system/defect/:defectId')).toBe('system/defect');
    expect(tagOf('/monitor/online/list')).toBe('monitor/online');
    expect(tagOf('/api/defect/:defectNum/close')).toBe('api');
    expect(tagOf('/markdown/:projectId')).toBe('markdown');
    expect(tagOf('/system/:id')).toBe('system');
    expect(tagOf('/login')).toBe('general');
  });

  it('documents a schema it cannot convert as any value, and the rest as usual', async () => {
    const built = buildOpenApi(routes, { version: '9.9.9' }) as Json;
    expect(built.info.version).toBe('9.9.9');
    const tree = built.paths['/tree/{treeId}'].put;
    expect(tree.requestBody.content['application/json'].schema).toEqual({});
    expect(tree.parameters).toEqual([
      { name: 'treeId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    const odd = built.paths['/odd'].post;
    expect(odd.requestBody.content['application/json'].schema.properties).toMatchObject({
      when: {},
      n: { type: 'number' },
      s: { type: 'string' },
    });
    expect(odd['x-permissions']).toEqual({ anyOf: ['a:b', 'c:d'] });
    expect(odd['x-scoped']).toBe(true);
    expect((await new Validator().validate(built)).valid).toBe(true);
  });
});
