import { OPERATOR_TYPE, ResultCode } from '@buglet/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { isPrivateIp } from '../login-log/login-log.repository.ts';
import { deptNamesOf, insertOperLogs, type OperLogRow } from './oper-log.repository.ts';
import { businessTypeOf, moduleOf } from './oper-log-rules.ts';
import { clip, envelopeOf, formFields, keysMasked, maskedJson, maskedJsonText } from './oper-log-text.ts';

/** What the request path keeps of a request: references and numbers, nothing computed. */
interface Pending {
  at: number;
  method: string;
  route: string;
  url: string;
  businessType: number;
  userId: number | null;
  userName: string | null;
  isApiKey: boolean;
  ip: string;
  query: unknown;
  body: unknown;
  files: string[] | undefined;
  payload: unknown;
  httpStatus: number;
  costMs: number;
  error: string | undefined;
}

export interface OperLogRecorder {
  /** Writes what is waiting; resolves when it is written (tests, shutdown). */
  flush(): Promise<void>;
  /** Entries waiting to be written. */
  readonly pending: number;
}

/** Entries are written this long after the first one waits, together with whatever came meanwhile. */
const FLUSH_DELAY_MS = 50;
/** Rows per insert statement (17 columns; SQLite binds at most 32,766 values). */
const BATCH_ROWS = 200;
/** Past this many waiting entries (the database is down), new ones are dropped and counted. */
const MAX_PENDING = 20_000;

const uploads = new WeakMap<FastifyRequest, string[]>();
const failures = new WeakMap<FastifyRequest, string>();

/**
 * The operation log: every write through the router (web or Open API) recorded with its module,
 * business type, operator, address, parameters, answer, status, error and cost. On the request
 * path a hook only keeps references; masking, cutting and writing happen after the answer is
 * sent, in batches, so the log never slows a request nor fails one. A failed write is logged.
 */
export function installOperLog(app: FastifyInstance, db: Db, isEnabled = true): OperLogRecorder {
  const queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let dropped = 0;
  let recorded: Set<string> | undefined;
  const log = app.log;

  const isRouterRoute = (method: string, url: string) => {
    recorded ??= new Set(app.routeTable.routes.map((r) => `${r.method} ${r.url}`));
    return recorded.has(`${method} ${url}`);
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    running = running
      .then(() => writeAll(db, queue, log))
      .catch((error: unknown) => log.error({ err: error }, 'operation log: entries not written'));
    if (dropped > 0) {
      log.warn({ dropped }, 'operation log: entries dropped while the database did not keep up');
      dropped = 0;
    }
    return running;
  };
  const schedule = () => {
    timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS);
    timer.unref?.();
  };

  if (isEnabled) {
    // Uploads are streamed to the handler: the log keeps the files' names, never their bytes.
    app.addHook('preHandler', (req, _reply, done) => {
      if (req.isMultipart?.()) watchUploads(req);
      done();
    });
    // An unexpected error is answered with a generic message; the log keeps what it was.
    app.addHook('onError', (req, _reply, error, done) => {
      if (!(error instanceof AppError)) failures.set(req, error.message);
      done();
    });
    app.addHook('onSend', (req, reply, payload, done) => {
      try {
        const entry = capture(req, reply, payload, isRouterRoute);
        if (entry) {
          if (queue.length < MAX_PENDING) queue.push(entry);
          else dropped += 1;
          schedule();
        }
      } catch (error) {
        log.error({ err: error }, 'operation log: request not recorded');
      }
      done(null, payload);
    });
    app.addHook('onClose', async () => {
      await flush();
    });
  }

  return {
    flush,
    get pending() {
      return queue.length;
    },
  };
}

function capture(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  isRouterRoute: (method: string, url: string) => boolean,
): Pending | undefined {
  const route = req.routeOptions.url;
  if (!route || !isRouterRoute(req.method, route)) return undefined;
  const businessType = businessTypeOf(req.method, route);
  if (businessType === undefined) return undefined;
  const principal = req.principal;
  // Nobody signed in and nobody let in: there is no operation to record.
  if (!principal && typeof payload === 'string' && payload.startsWith(`{"code":${ResultCode.unauthorized}`))
    return undefined;
  const url = req.url;
  const queryAt = url.indexOf('?');
  return {
    at: Date.now(),
    method: req.method,
    route,
    url: queryAt < 0 ? url : url.slice(0, queryAt),
    businessType,
    userId: principal?.userId ?? null,
    userName: principal?.userName ?? null,
    isApiKey: principal?.tokenId.startsWith('api:') ?? false,
    ip: req.ip,
    query: queryAt < 0 ? undefined : req.query,
    body: req.body,
    files: uploads.get(req),
    payload,
    httpStatus: reply.statusCode,
    costMs: reply.elapsedTime,
    error: failures.get(req),
  };
}

function watchUploads(req: FastifyRequest): void {
  const names: string[] = [];
  uploads.set(req, names);
  const receive = req.file.bind(req);
  req.file = (async (...args: Parameters<typeof receive>) => {
    const file = await receive(...args);
    if (file) names.push(file.filename);
    return file;
  }) as typeof req.file;
}

async function writeAll(db: Db, queue: Pending[], log: FastifyBaseLogger): Promise<void> {
  while (queue.length > 0) {
    const batch = queue.splice(0, BATCH_ROWS);
    try {
      const rows = await rowsOf(db, batch, log);
      await insertRows(db, rows, log);
    } catch (error) {
      log.error({ err: error }, 'operation log: entries not written');
    }
  }
}

/** A batch in one statement; if that fails, row by row, so one bad row loses only itself. */
async function insertRows(db: Db, rows: OperLogRow[], log: FastifyBaseLogger): Promise<void> {
  try {
    await insertOperLogs(db, rows);
  } catch (error) {
    if (rows.length === 1) throw error;
    for (const row of rows) {
      try {
        await insertOperLogs(db, [row]);
      } catch (rowError) {
        log.error({ err: rowError, url: row.operUrl }, 'operation log: entry not written');
      }
    }
  }
}

async function rowsOf(db: Db, batch: Pending[], log: FastifyBaseLogger): Promise<OperLogRow[]> {
  const userIds = [...new Set(batch.flatMap((e) => (e.userId === null || e.isApiKey ? [] : [e.userId])))];
  let depts = new Map<number, string>();
  try {
    depts = await deptNamesOf(db, userIds);
  } catch (error) {
    log.debug({ err: error }, 'operation log: departments not read');
  }
  return batch.flatMap((e) => {
    try {
      return [rowOf(e, e.userId === null ? undefined : depts.get(e.userId))];
    } catch (error) {
      log.error({ err: error, url: e.url }, 'operation log: entry not recorded');
      return [];
    }
  });
}

function rowOf(e: Pending, deptName: string | undefined): OperLogRow {
  const text = typeof e.payload === 'string' ? e.payload : undefined;
  const envelope = text === undefined ? undefined : envelopeOf(text);
  const isFailed = envelope ? envelope.code !== ResultCode.success : e.httpStatus >= 400;
  return {
    title: moduleOf(e.route),
    businessType: e.businessType,
    method: clip(`${e.method} ${e.route}`, 200),
    requestMethod: e.method,
    operatorType: e.userId === null || e.isApiKey ? OPERATOR_TYPE.other : OPERATOR_TYPE.manage,
    operName: e.userName === null ? null : clip(e.userName, 50),
    deptName: deptName === undefined ? null : clip(deptName, 50),
    operUrl: clip(keysMasked(e.url), 255),
    operIp: clip(e.ip, 128),
    operLocation: isPrivateIp(e.ip) ? 'login.location.intranet' : null,
    operParam: mapNull(paramsOf(e), keysMasked),
    jsonResult: text === undefined ? resultOfFile(e.payload) : keysMasked(maskedJsonText(text)),
    status: isFailed ? 1 : 0,
    errorMsg: isFailed ? clip(failureOf(e, envelope?.msg)) : null,
    operTime: formatDateTime(new Date(e.at)),
    costTime: Math.round(e.costMs),
  };
}

const mapNull = (text: string | null, f: (s: string) => string) => (text === null ? null : f(text));

function failureOf(e: Pending, message: string | null | undefined): string {
  const shown = message ?? `HTTP ${e.httpStatus}`;
  return e.error ? `${shown} (${e.error})` : shown;
}

/** The query and the body as one JSON object, secrets masked; uploads by their file names. */
function paramsOf(e: Pending): string | null {
  const query = e.query && typeof e.query === 'object' ? (e.query as Record<string, unknown>) : undefined;
  const body = typeof e.body === 'string' && e.body.includes('=') ? formFields(e.body) : e.body;
  const files = e.files && e.files.length > 0 ? { files: e.files } : undefined;
  if (!query && (body === undefined || body === null) && !files) return null;
  const isPlainBody = body !== null && typeof body === 'object' && !Array.isArray(body);
  const merged =
    !query && !files
      ? body
      : { ...query, ...files, ...(isPlainBody ? body : body === undefined || body === null ? {} : { body }) };
  return maskedJson(merged);
}

/** A file answered (an export) is recorded by its size, not its bytes. */
function resultOfFile(payload: unknown): string | null {
  if (Buffer.isBuffer(payload)) return `(${payload.length} bytes)`;
  return payload === undefined || payload === null ? null : '(stream)';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The operation log's writer (tests wait for it with `flush()`). */
    operLog: OperLogRecorder;
  }
}
