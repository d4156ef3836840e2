import { ResultCode } from '@buglet/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { langFrom, type MessageKey, translate } from './i18n.ts';

/** Fastify's own error codes that are the caller's fault, with the message that explains them. */
const CLIENT_ERRORS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.body.invalid-json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.body.invalid-json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.body.too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.body.invalid-json',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request.unsupported-media-type',
  FST_REQ_FILE_TOO_LARGE: 'upload.file.too-large',
  FST_PARTS_LIMIT: 'request.body.too-large',
  FST_FILES_LIMIT: 'request.body.too-large',
};

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
    const key =
      (error.code && CLIENT_ERRORS[error.code]) ||
      (error instanceof SyntaxError ? 'request.body.invalid-json' : undefined);
    if (key) {
      req.log.info({ err: error.message, code: error.code }, 'rejected request');
      const args = key === 'upload.file.too-large' ? ['30 MB'] : [];
      return reply.status(200).send({ code: ResultCode.error, msg: translate(lang, key, args) });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(200).send({ code: ResultCode.error, msg: translate(lang, 'error.unknown') });
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = langFrom(req.headers.language);
    reply.status(404).send({ code: ResultCode.notFound, msg: translate(lang, 'not-found', [req.url]) });
  });
}
