import { ResultCode } from '@buglet/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SealedValueRefused } from '../lib/secrets.ts';
import { AppError, echo } from './errors.ts';
import { langFrom, type MessageKey, translate } from './i18n.ts';

/** Error codes (Fastify's, and the database's) that are the caller's fault, with the message that explains them. */
const CLIENT_ERRORS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.body.invalid-json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.body.invalid-json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.body.too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.body.invalid-json',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request.unsupported-media-type',
  FST_REQ_FILE_TOO_LARGE: 'upload.file.too-large',
  // PostgreSQL refusing a character its text cannot hold (a NUL byte): SQLite stores it.
  '22021': 'request.text.unstorable',
  '22P05': 'request.text.unstorable',
  FST_PARTS_LIMIT: 'request.body.too-large',
  FST_FILES_LIMIT: 'request.body.too-large',
};

/**
 * A unique or foreign-key violation the database raised, named by the columns that clashed
 * (SQLite names them in its message, PostgreSQL in the detail), or undefined for any other error.
 */
export function constraintViolation(error: unknown): { key: MessageKey; what: string } | undefined {
  const e = error as { code?: unknown; message?: unknown; detail?: unknown; constraint?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const columns = (list: string) =>
    list
      .split(',')
      .map((c) => c.trim().replace(/^.*\./, ''))
      .join(', ');
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return { key: 'db.conflict.unique', what: columns(message.replace(/^.*constraint failed:\s*/i, '')) };
  }
  if (code === '23505') {
    const m = typeof e.detail === 'string' ? /Key \(([^)]*)\)/.exec(e.detail) : null;
    return { key: 'db.conflict.unique', what: m?.[1] ? columns(m[1]) : String(e.constraint ?? '') };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return { key: 'db.conflict.reference', what: String(e.constraint ?? '') };
  }
  return undefined;
}

/**
 * A value of the request PostgreSQL's column types refuse (22003: a number beyond the column's
 * range, such as an id past 2,147,483,647; 22P02: text that is no number there), the value as
 * PostgreSQL quotes it; undefined for any other error. SQLite stores such values and finds nothing.
 */
export function valueOutOfRange(error: unknown): string | undefined {
  const e = error as { code?: unknown; message?: unknown };
  if (e.code !== '22003' && e.code !== '22P02') return undefined;
  const quoted = typeof e.message === 'string' ? /"([^"]*)"/.exec(e.message)?.[1] : undefined;
  return (quoted ?? '').slice(0, 40);
}

/** Errors Fastify raises before any route runs (a malformed or over-long address). */
export function frameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = langFrom(req.headers.language);
  req.log.info({ code: error.code }, 'rejected address');
  const [status, key]: [number, MessageKey] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'request.url.too-long'] : [400, 'request.url.invalid'];
  return reply.status(status).send({ code: status, msg: translate(lang, key, [echo(req.url)]) });
}

/**
 * One place turns every failure into the envelope: HTTP 200 with the business code in the body,
 * as the original's clients expect, and never a stack trace.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = langFrom(req.headers.language);
    if (error instanceof AppError) {
      return reply
        .status(200)
        .send({ code: error.code, msg: translate(lang, error.key, error.args), ...error.extra });
    }
    // A stored credential that does not open where it is used (moved from another row, changed):
    // refused, the operator told where in the log, the caller that it must be set again.
    if (error instanceof SealedValueRefused) {
      req.log.warn({ err: error.message }, 'stored credential refused');
      return reply.status(200).send({ code: ResultCode.error, msg: translate(lang, 'secret.unreadable') });
    }
    const key =
      (error.code && CLIENT_ERRORS[error.code]) ||
      (error instanceof SyntaxError ? 'request.body.invalid-json' : undefined) ||
      // busboy's words for a multipart body that was cut short, has no boundary or is not
      // multipart at all.
      (/^(Unexpected end of (multipart data|form)|Malformed part header|Malformed urlencoded form|Multipart: Boundary not found)/.test(
        error.message,
      )
        ? 'request.multipart.broken'
        : undefined);
    if (key) {
      req.log.info({ err: error.message, code: error.code }, 'rejected request');
      const args = key === 'upload.file.too-large' ? ['30 MB'] : [];
      return reply.status(200).send({ code: ResultCode.error, msg: translate(lang, key, args) });
    }
    const clash = constraintViolation(error);
    if (clash) {
      req.log.info({ err: error.message }, 'constraint violation');
      return reply
        .status(200)
        .send({ code: ResultCode.error, msg: translate(lang, clash.key, [clash.what]) });
    }
    const refusedValue = valueOutOfRange(error);
    if (refusedValue !== undefined) {
      req.log.info({ err: error.message }, 'value out of range');
      return reply.status(200).send({
        code: ResultCode.error,
        msg: translate(lang, 'request.number.out-of-range', [refusedValue]),
      });
    }
    // A file the static server cannot name or may not show (too long, outside the folder) is
    // simply not there; any other error a plugin marks as the caller's is answered as such.
    const status = error.statusCode ?? 500;
    if ((error as { code?: string }).code === 'ENAMETOOLONG' || status === 403 || status === 404) {
      return reply
        .status(404)
        .send({ code: ResultCode.notFound, msg: translate(lang, 'not-found', [echo(req.url)]) });
    }
    if (status >= 400 && status < 500) {
      req.log.info({ err: error.message, code: error.code }, 'rejected request');
      return reply.status(status).send({ code: status, msg: translate(lang, 'request.invalid') });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(200).send({ code: ResultCode.error, msg: translate(lang, 'error.unknown') });
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = langFrom(req.headers.language);
    reply.status(404).send({ code: ResultCode.notFound, msg: translate(lang, 'not-found', [echo(req.url)]) });
  });
}
