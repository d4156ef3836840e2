import { getToken } from '../../lib/cookies.ts';
import { API_BASE, http } from '../../lib/http.ts';
import { currentLocale } from '../../lib/i18n.ts';

/** The server's OpenAPI document (public, as in the original). */
export const API_DOCS_URL = '/v3/api-docs';

/** The document in each language (its texts follow the `language` header). */
export const apiDocsKeys = { document: (locale: string) => ['api-docs', locale] as const };

export type OpenApiDocument = Record<string, unknown> & { servers?: Array<{ url: string }> };

/** Where "try it out" sends its calls: the API base the app itself uses, on this origin. */
export function apiBaseUrl(): string {
  return new URL(API_BASE, window.location.href).href;
}

/** The document, pointed at the API base so its calls take the same way as the app's. */
export async function fetchApiDocs(): Promise<OpenApiDocument> {
  const document = await http.get<OpenApiDocument>(API_DOCS_URL);
  return { ...document, servers: [{ url: apiBaseUrl() }] };
}

interface OutgoingRequest {
  url: string;
  headers?: Record<string, string>;
}

/**
 * "Try it out" as the signed-in person: their session token and language on calls to this server,
 * unless the request already carries an Authorization of its own (set with Authorize).
 */
export function withSession<R extends OutgoingRequest>(req: R): R {
  if (!req.url.startsWith(apiBaseUrl())) return req;
  const headers = req.headers ?? {};
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  const token = getToken();
  if (token && !names.includes('authorization')) headers.Authorization = `Bearer ${token}`;
  if (!names.includes('language')) headers.language = currentLocale();
  req.headers = headers;
  return req;
}
