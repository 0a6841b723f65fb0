import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorEnvelope } from './app-error.ts';

// JSON bodies of this API are small forms; anything bigger is a mistake or abuse.
export const bodyLimitBytes = 32 * 1024;

// Fastify's own request errors, turned into codes and messages a client developer can act on.
const fastifyErrors: Record<string, { code: string; message: string }> = {
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
};

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
    return reply.status(statusCode).send(body);
  });
}

export function registerNotFoundHandler(
  app: FastifyInstance,
  handleUnknownPage: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      const body: ErrorEnvelope = {
        status: 'error',
        code: 'not_found',
        message: `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`,
      };
      return reply.status(404).send(body);
    }
    return handleUnknownPage(request, reply);
  });
}
