// Values by module, not from the index: the index brings every schema and zod to the sign-in page.
import type { AjaxResult } from '@buglet/contracts';
import { LIMITS } from '@buglet/contracts/limits';
import { ResultCode } from '@buglet/contracts/result-code';
import { getToken } from './cookies.ts';
import { createDuplicateGuard } from './duplicate-guard.ts';
import { feedback } from './feedback.ts';
import i18n, { currentLocale } from './i18n.ts';
import { type QueryObject, toQueryString } from './query-string.ts';

export const API_BASE = '/prod-api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  url: string;
  method?: HttpMethod;
  params?: QueryObject;
  data?: unknown;
  headers?: Record<string, string>;
  timeout?: number;
  /** false: no Authorization header (login, register, captcha). */
  isToken?: boolean;
  /** false: skip the duplicate-submit guard (same as header `repeatSubmit: false`). */
  repeatSubmit?: boolean;
}

export type HttpError = Error & { code?: number };

function httpError(message: string, code?: number): HttpError {
  return Object.assign(new Error(message), { code });
}

const isDuplicate = createDuplicateGuard({
  windowMs: LIMITS.duplicateWindowMs,
  maxBytes: LIMITS.duplicateCheckMaxBytes,
});

let unauthorizedHandler: () => void = () => {};
let passwordChangeHandler: () => void = () => {};
let isReloginShown = false;

/** The session store registers what "log in again" does, which keeps this module free of React. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** What a refusal "change your password first" does: the session store shows the change page. */
export function setPasswordChangeHandler(handler: () => void): void {
  passwordChangeHandler = handler;
}

/** Called after a successful login so a later expiry may prompt again. */
export function resetReloginPrompt(): void {
  isReloginShown = false;
}

/**
 * Called as the person signs out: requests still out are answered "signed out" from then on, which
 * is no expired session to sign in again from (the prompt stood over the login page).
 */
export function endReloginPrompts(): void {
  isReloginShown = true;
}

/** Server codes whose text is ours rather than the server's. */
export function codeMessage(code: number, serverMsg: string | undefined): string {
  if (code === ResultCode.unauthorized) return i18n.t('http.auth-failed');
  if (code === ResultCode.forbidden) return i18n.t('http.no-permission');
  if (code === ResultCode.notFound) return i18n.t('http.not-found');
  return serverMsg || i18n.t('http.unknown-error');
}

export function buildUrl(url: string, params?: QueryObject): string {
  const query = toQueryString(params);
  const full = url.startsWith('http') ? url : `${API_BASE}${url}`;
  return query ? `${full}${full.includes('?') ? '&' : '?'}${query}` : full;
}

function buildHeaders(options: RequestOptions, isForm: boolean): Headers {
  const headers = new Headers();
  headers.set('language', currentLocale());
  const token = getToken();
  if (token && options.isToken !== false) headers.set('Authorization', `Bearer ${token}`);
  if (!isForm && options.data !== undefined) headers.set('Content-Type', 'application/json;charset=utf-8');
  for (const [key, value] of Object.entries(options.headers ?? {})) {
    if (key !== 'repeatSubmit') headers.set(key, value);
  }
  return headers;
}

function encodeBody(options: RequestOptions): BodyInit | undefined {
  if (options.data === undefined) return undefined;
  if (options.data instanceof FormData || options.data instanceof URLSearchParams) return options.data;
  return JSON.stringify(options.data);
}

function checkDuplicate(options: RequestOptions, url: string, body: BodyInit | undefined): void {
  const method = options.method ?? 'GET';
  if (method !== 'POST' && method !== 'PUT') return;
  if (options.repeatSubmit === false || options.headers?.repeatSubmit === 'false') return;
  if (typeof body !== 'string' && body !== undefined) return;
  if (isDuplicate({ url, body: body ?? '' })) {
    throw httpError(i18n.t('http.not-resubmit'));
  }
}

/** fetch with a timeout; network and HTTP failures become translated errors shown once. */
export async function send(options: RequestOptions): Promise<Response> {
  const url = buildUrl(options.url, options.params);
  const body = encodeBody(options);
  checkDuplicate(options, url, body);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? LIMITS.requestTimeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options, body instanceof FormData),
      body,
      signal: controller.signal,
    });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'AbortError';
    const text = i18n.t(isTimeout ? 'http.timeout' : 'http.network-error');
    feedback().message.error({ content: text, duration: 5 });
    throw httpError(text);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const text = i18n.t('http.status-error', { status: response.status });
    feedback().message.error({ content: text, duration: 5 });
    throw httpError(text, response.status);
  }
  return response;
}

/** `sentWith`: the session the refused request was sent in; another one (or none) now is no expiry. */
function promptRelogin(sentWith: string | undefined): void {
  if (isReloginShown || !sentWith || sentWith !== getToken()) return;
  isReloginShown = true;
  feedback().modal.confirm({
    title: i18n.t('prompted'),
    content: i18n.t('http.login-expired'),
    okText: i18n.t('login-again'),
    cancelText: i18n.t('cancel'),
    onOk: () => unauthorizedHandler(),
  });
}

/**
 * Applies the business code carried in the body (HTTP is always 200); `sentWith` is the session
 * token the request went out with.
 */
export function handleEnvelope<T>(body: AjaxResult, sentWith = getToken()): T {
  const code = typeof body.code === 'number' ? body.code : ResultCode.success;
  if (code === ResultCode.success) return body as T;
  const text = codeMessage(code, body.msg);
  if (code === ResultCode.unauthorized) {
    promptRelogin(sentWith);
    throw httpError(i18n.t('http.session-invalid'), code);
  }
  if ((body as { passwordChangeRequired?: unknown }).passwordChangeRequired === true) {
    passwordChangeHandler();
    throw httpError(body.msg || text, code);
  }
  if (code === ResultCode.error) feedback().message.error(text);
  else if (code === ResultCode.warn) feedback().message.warning(text);
  else feedback().notification.error({ title: text });
  throw httpError(text, code);
}

/** Sends a request and returns the whole body (`{code,msg,...}`) when the business code is 200. */
export async function request<T = AjaxResult>(options: RequestOptions): Promise<T> {
  const sentWith = getToken();
  const response = await send(options);
  const body = (await response.json()) as AjaxResult;
  return handleEnvelope<T>(body, sentWith);
}

/**
 * Fire and forget: no duplicate guard, no toast, no "log in again"; kept alive if the page goes away.
 * Resolves either way, once the server answered or the request failed or timed out.
 */
export async function sendQuietly(options: RequestOptions): Promise<void> {
  try {
    await fetch(buildUrl(options.url, options.params), {
      method: options.method ?? 'POST',
      headers: buildHeaders(options, false),
      body: encodeBody(options),
      keepalive: true,
      signal: AbortSignal.timeout(options.timeout ?? LIMITS.requestTimeoutMs),
    });
  } catch {
    // Nothing to tell the user: the server forgets the mark with the socket or within the hour.
  }
}

export const http = {
  get: <T = AjaxResult>(url: string, params?: QueryObject) => request<T>({ url, method: 'GET', params }),
  post: <T = AjaxResult>(url: string, data?: unknown, params?: QueryObject) =>
    request<T>({ url, method: 'POST', data, params }),
  put: <T = AjaxResult>(url: string, data?: unknown, params?: QueryObject) =>
    request<T>({ url, method: 'PUT', data, params }),
  delete: <T = AjaxResult>(url: string) => request<T>({ url, method: 'DELETE' }),
};

/** Paths the server returns for uploads start with /profile; they are served under the API base. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${API_BASE}${path}`;
}
