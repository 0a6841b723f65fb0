import type { ErrorCode } from '@launchkit/api-contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentTraceId } from '#api/tracing/trace-context.ts';
import { AppError, type ErrorEnvelope } from './app-error.ts';

// JSON bodies of this API are small forms; anything bigger is a mistake or abuse.
export const bodyLimitBytes = 32 * 1024;

// Fastify's own request errors, turned into codes and messages a client developer can act on.
const fastifyErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty but its content type is application/json. Send a JSON object.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON with the header Content-Type: application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_content_length',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: `The request body is too large (${bodyLimitBytes / 1024} KB at most).`,
  },
  FST_ERR_CTP_INVALID_TYPE: {
    code: 'unsupported_media_type',
    message: 'The Content-Type header is not valid.',
  },
  FST_ERR_BAD_URL: {
    code: 'bad_url',
    message:
      'The address is not valid: it has a malformed percent-escape (a % followed by two hex digits of UTF-8).',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: 'A part of the address is too long (100 characters at most).',
  },
};

// PostgreSQL going away (a restart, a failover) or refusing connections for a moment: SQLSTATE class
// 08 (connection exception), 57P01–57P03 (shutting down / cannot connect now), and the socket errors
// node-postgres surfaces. Such a request may be retried; nothing about it was wrong.
const databaseUnavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (databaseUnavailableCodes.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && /Connection terminated|connection timeout/i.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export function toErrorEnvelope(error: FastifyError | AppError): { statusCode: number; body: ErrorEnvelope } {
  if (error instanceof AppError) {
    const body: ErrorEnvelope = { status: 'error', code: error.code, message: error.message };
    if (error.fields) body.fields = error.fields;
    return { statusCode: error.statusCode, body };
  }
  const known = error.code ? fastifyErrors[error.code] : undefined;
  const statusCode = error.statusCode ?? 500;
  if (known) return { statusCode, body: { status: 'error', ...known } };
  if (statusCode >= 400 && statusCode < 500) {
    return { statusCode, body: { status: 'error', code: 'bad_request', message: error.message } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: {
        status: 'error',
        code: 'unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
      },
    };
  }
  return {
    statusCode: 500,
    body: {
      status: 'error',
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    },
  };
}

/** Must run before any route is declared: Fastify binds a route to the error handler in force then. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { statusCode, body } = toErrorEnvelope(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, statusCode }, 'request rejected');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    return reply.status(statusCode).send(withTraceId(body));
  });
}

/**
 * With tracing on, an error answer names its trace (`traceId`): what a client quotes to the operator,
 * who opens that trace (docs/tracing.md). Without it, the body is unchanged.
 */
export function withTraceId(body: ErrorEnvelope): ErrorEnvelope {
  const traceId = currentTraceId();
  return traceId ? { ...body, traceId } : body;
}

/**
 * Fastify's `frameworkErrors` option: what it rejects before routing (a path it cannot decode, such as
 * `/api/items/%`) reaches neither the routes nor the error handler, and would answer Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = toErrorEnvelope(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.code, statusCode }, 'request rejected');
  if (isApiPath(request.url)) return reply.status(statusCode).send(withTraceId(body));
  return reply.status(statusCode).type('text/plain; charset=utf-8').send(body.message);
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export function registerNotFoundHandler(
  app: FastifyInstance,
  handleUnknownPage: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      const body: ErrorEnvelope = {
        status: 'error',
        code: 'not_found',
        message: `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`,
      };
      return reply.status(404).send(withTraceId(body));
    }
    return handleUnknownPage(request, reply);
  });
}
