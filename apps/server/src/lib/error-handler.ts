import { INPUT_MESSAGES } from '@leafline/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  MEDIA_MESSAGES,
  MEDIA_RETRY_AFTER_SECONDS,
  MediaStorageError,
} from '../adapters/storage/storage';
import { pgError } from '../db/pg-errors';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from './database-outage';
import { AppError } from './errors';
import { MULTIPART_MESSAGES } from './multipart-form';

/** PostgreSQL's "invalid byte sequence for encoding UTF8: 0x00", its answer to a NUL in text. */
const UNTRANSLATABLE_CHARACTER = '22021';

const GENERIC_5XX = 'Something went wrong on our side. Please try again later.';

/** Readable messages for the framework's own 4xx errors (DESIGN 2.14). */
export const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty; JSON was expected.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'This content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request body does not match its length.'],
  FST_REQ_FILE_TOO_LARGE: [413, MULTIPART_MESSAGES.fileTooLarge],
  FST_FILES_LIMIT: [413, MULTIPART_MESSAGES.tooManyFiles],
  FST_FIELDS_LIMIT: [413, 'Too many fields in one request.'],
  FST_PARTS_LIMIT: [413, 'Too many parts in one request.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'A multipart form was expected.'],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
        const key =
          params?.issue?.path?.map(String).join('.') ||
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          error.validationContext ||
          'body';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.values(fields)[0] ?? 'The request is not valid.';
      return reply.status(400).send({ error: first, fields });
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: known[1] });
    if (error.validation) {
      return reply.status(400).send({ error: error.message || 'The request is not valid.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message || 'The request is not valid.' });
    }
    // A NUL that reached PostgreSQL by a way the route hook does not see (a multipart field,
    // text a handler decoded itself): still the person's input, still a readable 400.
    if (pgError(error)?.code === UNTRANSLATABLE_CHARACTER) {
      return reply.status(400).send({ error: INPUT_MESSAGES.nulCharacter });
    }
    // The media bucket failed a write (S3 mode): the images cannot be saved, the rest works.
    if (error instanceof MediaStorageError) {
      request.log.error({ err: error, reqId: request.id }, 'media storage failed');
      return reply
        .status(503)
        .header('retry-after', String(MEDIA_RETRY_AFTER_SECONDS))
        .send({ error: MEDIA_MESSAGES.notStored });
    }
    // The database away: every request fails alike, so a 503 to retry and one log line for
    // the whole outage (the outage watch logs it, and its end).
    if (isDatabaseUnavailable(error)) {
      app.deps.databaseOutage.report(error);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    // Every other 5xx is logged with its request id and answered without internals.
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ error: GENERIC_5XX, request_id: request.id });
  });
}
