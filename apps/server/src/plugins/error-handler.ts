import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '@/lib/errors.ts';
import { databaseUnavailable } from '@/lib/pg-errors.ts';

type Issue = { path: string; message: string };

const CONTEXT_LABEL: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

/** Turns the validator's issues into `{ message, issues }`; the message alone must make sense to a person. */
function validationAnswer(err: FastifyError): { message: string; issues: Issue[] } {
  const context = CONTEXT_LABEL[err.validationContext ?? 'body'] ?? 'request';
  const issues: Issue[] = (err.validation ?? []).map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const keys = (v.params as { keys?: string[] } | undefined)?.keys;
    return {
      path,
      message: keys?.length
        ? `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`
        : (v.message ?? 'Invalid value'),
    };
  });
  const first = issues[0];
  const summary = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid value';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return { message: `Invalid ${context}: ${summary}${more}`, issues };
}

const FRIENDLY: Record<string, (err: FastifyError) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (e) =>
    `Unsupported Content-Type: ${e.message.split(': ').pop() ?? ''}`.trim(),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Content-Length does not match the body',
};

/**
 * One error shape for every non-2xx answer: `{ message }`. Domain errors carry their status;
 * client mistakes found by Fastify keep their 4xx; a database that is away (lost connection,
 * restarting, frozen, disk full: lib/pg-errors.ts) is a 503; anything else is our fault: a 500
 * whose details go to the log, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(validationAnswer(err));
    }
    if (err instanceof HttpError) {
      if (err.statusCode === 503) reply.header('retry-after', '2');
      return reply.code(err.statusCode).send({ ...err.details, message: err.message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its contract');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (err instanceof SyntaxError)
        return reply.code(400).send({ message: 'Request body is not valid JSON' });
      const friendly = err.code ? FRIENDLY[err.code] : undefined;
      return reply.code(status).send({ message: friendly ? friendly(err) : err.message });
    }
    // The database stopped, restarting, frozen or out of disk space: the client may try again, and
    // a load balancer or the web app must not read it as a bug of ours.
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send({ message: unavailable });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
