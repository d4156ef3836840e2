import http from 'node:http';
import https from 'node:https';
import { guardedRequest, type OutboundPolicy, OutboundRefusedError } from '../../lib/outbound.ts';

/**
 * A small client for the Ollama HTTP API. Plain node:http rather than fetch, because the
 * time-outs matter here and fetch cannot tell them apart: an address where nobody answers must
 * fail within seconds ("cannot be reached"), while a generation may legitimately take minutes.
 */

export type AiFailure =
  | { kind: 'unreachable'; detail: string }
  | { kind: 'timeout' }
  /** The server answered with an HTTP error; `message` is its `error` field or the status. */
  | { kind: 'http'; status: number; message: string }
  /** The answer broke off, or was not what the protocol promises. */
  | { kind: 'broken'; detail: string }
  /** The address is one the outbound guard refuses; nothing was connected to. */
  | { kind: 'refused'; error: OutboundRefusedError }
  | { kind: 'cancelled' };

export class AiCallError extends Error {
  constructor(readonly failure: AiFailure) {
    super(`AI call failed: ${failure.kind}`);
  }
}

export interface AiRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** No connection within this long: the server cannot be reached. */
  connectTimeoutMs: number;
  /** The whole exchange, answer included; none for a streamed pull. */
  timeoutMs?: number;
  /** A streamed answer silent for this long is given up. */
  idleMs?: number;
  /** The outbound guard for a project's own server; none for the operator's (AI_URL). */
  guard?: OutboundPolicy;
}

export interface AiCall {
  /** Resolves when the answer's headers arrive. */
  response: Promise<http.IncomingMessage>;
  /** Why the call ended early, if it did (a time-out or cancel destroys the request). */
  failure(): AiFailure | undefined;
  cancel(): void;
}

const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export function startAiCall(baseUrl: string, r: AiRequest): AiCall {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${r.path}`);
  const payload = r.body === undefined ? undefined : JSON.stringify(r.body);
  const options: http.RequestOptions = {
    method: r.method,
    agent: false,
    headers: {
      accept: 'application/json, application/x-ndjson',
      ...(payload === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
    },
  };
  let req: http.ClientRequest;
  try {
    req = r.guard
      ? guardedRequest(url, options, r.guard)
      : (url.protocol === 'https:' ? https : http).request(url, options);
  } catch (error) {
    if (error instanceof OutboundRefusedError) return refusedCall(error);
    throw error;
  }
  let failure: AiFailure | undefined;
  const fail = (f: AiFailure) => {
    failure ??= f;
    req.destroy(new AiCallError(failure));
  };
  const timers = [
    setTimeout(
      () => fail({ kind: 'unreachable', detail: `no connection within ${r.connectTimeoutMs} ms` }),
      r.connectTimeoutMs,
    ),
  ];
  if (r.timeoutMs !== undefined) timers.push(setTimeout(() => fail({ kind: 'timeout' }), r.timeoutMs));
  const clear = () => {
    for (const t of timers) clearTimeout(t);
  };
  req.on('socket', (socket) => {
    const connected = () => clearTimeout(timers[0]);
    if (socket.connecting) socket.once('connect', connected);
    else connected();
  });
  req.on('close', clear);
  if (r.idleMs !== undefined) req.setTimeout(r.idleMs, () => fail({ kind: 'timeout' }));
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    // `on`, not `once`: a destroyed request may report more than one error.
    req.on('error', (error) => {
      clear();
      failure ??=
        error instanceof OutboundRefusedError
          ? { kind: 'refused', error }
          : { kind: 'unreachable', detail: error.message };
      reject(new AiCallError(failure));
    });
  });
  req.end(payload);
  return { response, failure: () => failure, cancel: () => fail({ kind: 'cancelled' }) };
}

/** A call refused before it started: its response rejects with the refusal. */
function refusedCall(error: OutboundRefusedError): AiCall {
  const failure: AiFailure = { kind: 'refused', error };
  const response = Promise.reject(new AiCallError(failure));
  response.catch(() => undefined); // the caller awaits it; a caller that does not must not crash the process
  return { response, failure: () => failure, cancel: () => undefined };
}

/** The answer's text; a time-out or cancel while reading is reported as such. */
export async function readAnswer(call: AiCall, res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) throw new AiCallError({ kind: 'broken', detail: 'answer too large' });
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AiCallError && !call.failure()) throw error;
    throw new AiCallError(call.failure() ?? { kind: 'broken', detail: String(error) });
  }
  const early = call.failure();
  if (early) throw new AiCallError(early);
  if (!res.complete) throw new AiCallError({ kind: 'broken', detail: 'answer broke off' });
  return Buffer.concat(chunks).toString('utf8');
}

/** The `error` field Ollama puts in its error answers (and stream lines). */
export function errorOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON: fall through to the text itself
  }
  return text.trim().slice(0, 300) || `HTTP ${status}`;
}

/** One JSON exchange: the parsed answer, or an AiCallError saying what went wrong. */
export async function aiJson(baseUrl: string, r: AiRequest): Promise<unknown> {
  const call = startAiCall(baseUrl, r);
  const res = await call.response;
  const text = await readAnswer(call, res);
  const status = res.statusCode ?? 0;
  if (status >= 400) throw new AiCallError({ kind: 'http', status, message: errorOf(text, status) });
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AiCallError({ kind: 'broken', detail: 'the answer is not JSON' });
  }
}

/** Calls `onLine` for each line of a streamed (NDJSON) answer until it ends. */
export async function readLines(
  call: AiCall,
  res: http.IncomingMessage,
  onLine: (line: string) => void,
): Promise<void> {
  let rest = '';
  try {
    res.setEncoding('utf8');
    for await (const chunk of res as AsyncIterable<string>) {
      rest += chunk;
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(line);
    }
  } catch (error) {
    throw new AiCallError(call.failure() ?? { kind: 'broken', detail: String(error) });
  }
  const early = call.failure();
  if (early) throw new AiCallError(early);
  if (rest.trim()) onLine(rest);
}
