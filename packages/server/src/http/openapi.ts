import { API_KEY_HEADER, ResultCode } from '@buglet/contracts';
import { z } from 'zod';
import { type Lang, type MessageArg, type MessageKey, translate } from './i18n.ts';
import type { Guard } from './permission.ts';
import type { RouteEntry } from './route.ts';

/**
 * The OpenAPI 3.1 document of the route table: one operation per route, its input from the
 * route's zod schemas, its security from the guard, its texts in the language asked for. Pure, so
 * it is built and tested without Fastify (served by api-docs.routes.ts).
 */

type JsonSchema = Record<string, unknown>;
type Method = RouteEntry['method'];
type Texts = (key: MessageKey, ...args: MessageArg[]) => string;

/** Where the document is served; its own answer is the document, not an envelope. */
export const API_DOCS_PATH = '/v3/api-docs';

/** Routes answering plain text or the document itself rather than an envelope. */
const PLAIN_ANSWERS: Record<string, { type: string; description: MessageKey }> = {
  'GET /version': { type: 'text/plain', description: 'apidoc.answer.version' },
  [`GET ${API_DOCS_PATH}`]: { type: 'application/json', description: 'apidoc.answer.document' },
};

/** Exports, import templates and downloads answer the file; a refusal still comes as an envelope. */
const FILE_ANSWER = /\/(export|importTemplate)$|\/download\b/;

/** Path segments that open a group of features, so the tag names the feature after them. */
const GROUP_ROOTS = new Set(['system', 'monitor', 'tool', 'common']);

export function buildOpenApi(
  routes: readonly RouteEntry[],
  info: { version: string; lang?: Lang },
): JsonSchema {
  const lang = info.lang ?? 'zh_CN';
  const t: Texts = (key, ...args) => translate(lang, key, args);
  const defs: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const operationIds = new Set<string>();
  const tags = new Set<string>();
  for (const route of routes) {
    const path = openApiPath(route.url);
    const tag = tagOf(route.url);
    tags.add(tag);
    const query = route.query ? objectOf(toJsonSchema(route.query, defs)) : null;
    const operation = {
      tags: [tag],
      operationId: uniqueId(operationIds, route.method, route.url),
      description: describeGuard(t, route.guard, route.isScoped, lang),
      'x-permissions': permissionsOf(route.guard),
      ...(route.isScoped ? { 'x-scoped': true } : {}),
      security: securityOf(route.guard),
      ...parametersOf(route, query, defs),
      ...requestBodyOf(route, defs),
      responses: { '200': responseOf(t, route, query !== null && 'pageNum' in query.properties) },
    };
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: t('apidoc.title'),
      version: info.version,
      description: t('apidoc.description', API_KEY_HEADER),
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { securitySchemes: securitySchemes(t), schemas: { ...envelopeSchemas(t), ...defs } },
  };
}

const securitySchemes = (t: Texts) => ({
  session: {
    type: 'http',
    scheme: 'bearer',
    description: t('apidoc.security.session'),
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description: t('apidoc.security.api-key'),
  },
  ticket: {
    type: 'apiKey',
    in: 'query',
    name: 'ticket',
    description: t('apidoc.security.ticket'),
  },
});

const envelopeSchemas = (t: Texts): Record<string, JsonSchema> => ({
  ResultCode: {
    type: 'integer',
    enum: Object.values(ResultCode),
    description: t('apidoc.result-code'),
  },
  AjaxResult: {
    type: 'object',
    properties: {
      code: { $ref: '#/components/schemas/ResultCode' },
      msg: { type: 'string' },
      data: { description: t('apidoc.data') },
    },
    required: ['code', 'msg'],
  },
  TableData: {
    type: 'object',
    properties: {
      code: { $ref: '#/components/schemas/ResultCode' },
      msg: { type: 'string' },
      rows: { type: 'array', items: {} },
      total: { type: 'integer', description: t('apidoc.total') },
    },
    required: ['code', 'msg', 'rows', 'total'],
  },
});

/** `/system/defect/:defectId` -> `/system/defect/{defectId}`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
}

function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
}

/** `/system/defect/list` -> 'system/defect', `/api/defect` -> 'api', `/login` -> 'general'. */
export function tagOf(url: string): string {
  const [first, second] = url.split('/').filter(Boolean);
  if (!first || !second) return 'general';
  return GROUP_ROOTS.has(first) && !second.startsWith(':') ? `${first}/${second}` : first;
}

/** `GET /system/defect/:defectId` -> `get_system_defect_defectId`, numbered on a clash. */
function uniqueId(taken: Set<string>, method: Method, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const base = [method.toLowerCase(), ...words].join('_');
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

function securityOf(guard: Guard): Array<Record<string, string[]>> {
  if (guard.kind === 'anon') return [];
  if (guard.kind === 'apiKey') return [{ apiKey: [] }];
  if (guard.kind === 'ticket') return [{ ticket: [] }];
  return [{ session: [] }];
}

function permissionsOf(guard: Guard): JsonSchema {
  switch (guard.kind) {
    case 'perm':
      return { anyOf: [...guard.any] };
    case 'allPerm':
      return { allOf: [...guard.all] };
    case 'role':
      return { roles: [...guard.any] };
    case 'apiKey':
      return { apiCapability: guard.capability };
    default:
      return {};
  }
}

function describeGuard(t: Texts, guard: Guard, isScoped: boolean, lang: Lang): string {
  // English separates sentences with a space; Chinese does not.
  return isScoped
    ? `${ruleOf(t, guard)}${lang === 'en_US' ? ' ' : ''}${t('apidoc.scoped')}`
    : ruleOf(t, guard);
}

function ruleOf(t: Texts, guard: Guard): string {
  const list = (items: readonly string[]) => items.map((p) => `\`${p}\``).join(', ');
  switch (guard.kind) {
    case 'anon':
      return t('apidoc.guard.anon');
    case 'auth':
      return t('apidoc.guard.auth');
    case 'ticket':
      return t('apidoc.guard.ticket');
    case 'perm':
      return t('apidoc.guard.perm', list(guard.any));
    case 'allPerm':
      return t('apidoc.guard.all-perm', list(guard.all));
    case 'role':
      return t('apidoc.guard.role', list(guard.any));
    case 'apiKey':
      return t('apidoc.guard.api-key', API_KEY_HEADER, guard.capability);
  }
}

/**
 * zod to JSON Schema for the input side (what a client sends). A schema that cannot be
 * converted is documented as any value rather than breaking the whole document.
 */
export function toJsonSchema(schema: z.ZodType, defs: Record<string, JsonSchema>): JsonSchema {
  try {
    const out = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
      cycles: 'throw',
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = out;
    // Named schemas (`.meta({ id })`) become components the document refers to.
    if ($defs && typeof $defs === 'object') Object.assign(defs, $defs);
    return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  } catch {
    return {};
  }
}

interface ObjectSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** The properties of an object schema (merging `allOf` parts); null when it is not one. */
function objectOf(schema: JsonSchema): ObjectSchema | null {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const parts = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [])];
  for (const part of parts) {
    if (part.properties && typeof part.properties === 'object')
      Object.assign(properties, part.properties as Record<string, JsonSchema>);
    if (Array.isArray(part.required)) required.push(...(part.required as string[]));
  }
  return Object.keys(properties).length > 0 ? { properties, required } : null;
}

function parametersOf(
  route: RouteEntry,
  query: ObjectSchema | null,
  defs: Record<string, JsonSchema>,
): { parameters?: JsonSchema[] } {
  const fromSchema = route.params ? objectOf(toJsonSchema(route.params, defs))?.properties : undefined;
  const path = pathParamNames(route.url).map((name) => {
    const declared = fromSchema?.[name];
    return {
      name,
      in: 'path',
      required: true,
      schema: declared?.type === 'string' ? declared : { type: 'string' },
    };
  });
  const parameters = [...path, ...(query ? queryParameters(query) : [])];
  return parameters.length > 0 ? { parameters } : {};
}

/** Query keys; a nested object (the original's `params[beginTime]`) becomes one key per field. */
function queryParameters(object: ObjectSchema): JsonSchema[] {
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const isRequired = object.required.includes(name);
    const nested = property.type === 'object' ? objectOf(property) : null;
    if (!nested) return [{ name, in: 'query', required: isRequired, schema: property }];
    return Object.entries(nested.properties).map(([inner, innerSchema]) => ({
      name: `${name}[${inner}]`,
      in: 'query',
      required: isRequired && nested.required.includes(inner),
      schema: innerSchema,
    }));
  });
}

/** Uploads take a multipart file and declare no body schema. */
const UPLOAD = /\/upload(\/|$)/;
const MULTIPART_FILE = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        required: ['file'],
      },
    },
  },
};

function requestBodyOf(route: RouteEntry, defs: Record<string, JsonSchema>): { requestBody?: JsonSchema } {
  if (route.method === 'GET') return {};
  if (!route.body && route.query && route.isQueryAlsoInBody) {
    // The query's fields may come as a form or a JSON object instead (RouteSpec.isQueryAlsoInBody).
    const schema = toJsonSchema(route.query, defs);
    const content = { schema };
    return {
      requestBody: {
        required: false,
        content: { 'application/x-www-form-urlencoded': content, 'application/json': content },
      },
    };
  }
  if (!route.body) return UPLOAD.test(route.url) ? { requestBody: MULTIPART_FILE } : {};
  const schema = toJsonSchema(route.body, defs);
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  return { requestBody: { required, content: { 'application/json': { schema } } } };
}

function responseOf(t: Texts, route: RouteEntry, isPaged: boolean): JsonSchema {
  const plain = PLAIN_ANSWERS[`${route.method} ${route.url}`];
  if (plain) return { description: t(plain.description), content: { [plain.type]: { schema: {} } } };
  const envelope = { $ref: `#/components/schemas/${isPaged ? 'TableData' : 'AjaxResult'}` };
  const json = { 'application/json': { schema: envelope } };
  if (FILE_ANSWER.test(route.url))
    return {
      description: t('apidoc.answer.file'),
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
        ...json,
      },
    };
  return { description: t('apidoc.answer.envelope'), content: json };
}
