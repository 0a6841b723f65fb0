import { STATUS_CODES } from 'node:http';
import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from './html.ts';
import { HttpError } from './http-error.ts';

// Request bodies are small forms and JSON objects; user_metadata is the largest thing sent.
export const bodyLimitBytes = 64 * 1024;

type Family = 'oauth' | 'dbconnections' | 'management' | 'other';

const familyOf = (url: string): Family => {
  if (url.startsWith('/oauth/') || url.startsWith('/userinfo') || url.startsWith('/co/')) return 'oauth';
  if (url.startsWith('/dbconnections/')) return 'dbconnections';
  if (url.startsWith('/api/v2/') || url === '/api/v2') return 'management';
  return 'other';
};

// Fastify's own request errors (parsing, size, media type), in words a client developer can act on.
function describeRequestError(error: FastifyError): { statusCode: number; code: string; message: string } {
  const statusCode =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        statusCode: 400,
        code: 'invalid_body',
        message: 'The request body is not a valid JSON object.',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        statusCode: 413,
        code: 'payload_too_large',
        message: `The request body is too large (${bodyLimitBytes / 1024} KB at most).`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return {
        statusCode: 415,
        code: 'unsupported_media_type',
        message: 'Send the body as application/json or application/x-www-form-urlencoded.',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        statusCode: 400,
        code: 'invalid_body',
        message: 'The Content-Length header does not match the body.',
      };
    default:
      if (statusCode < 500) return { statusCode, code: 'invalid_request', message: error.message };
      return {
        statusCode: 500,
        code: 'server_error',
        message: 'Something went wrong in the identity emulator.',
      };
  }
}

function bodyFor(family: Family, statusCode: number, code: string, message: string): unknown {
  switch (family) {
    case 'oauth':
      return { error: statusCode >= 500 ? 'server_error' : 'invalid_request', error_description: message };
    case 'dbconnections':
      return {
        name: statusCode >= 500 ? 'InternalServerError' : 'BadRequestError',
        code: statusCode >= 500 ? 'server_error' : code,
        description: message,
        statusCode,
      };
    default:
      return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, errorCode: code };
  }
}

/** Must run before any route is declared: Fastify binds a route to the error handler in force then. */
export function registerErrorHandler(app: FastifyInstance, context: IdentityContext) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      request.log.info({ statusCode: error.statusCode }, 'request rejected');
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    const { statusCode, code, message } = describeRequestError(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code, statusCode }, 'request rejected');
    const family = familyOf(request.url);
    if (family === 'other' && wantsHtml(request)) {
      return sendPage(reply, context, {
        status: statusCode,
        title: 'Request not understood',
        body: `<p>${escapeHtml(message)}</p>`,
      });
    }
    return reply.status(statusCode).send(bodyFor(family, statusCode, code, message));
  });
}

/** Errors Fastify raises before routing (a URL with broken percent-encoding), in the same shapes. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = 'The URL is not valid (check its percent-encoding).';
  request.log.info({ code: error.code, statusCode }, 'request rejected');
  return reply.status(statusCode).send(bodyFor(familyOf(request.url), statusCode, 'invalid_url', message));
}

export function registerNotFoundHandler(app: FastifyInstance, context: IdentityContext) {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const family = familyOf(request.url);
    const path = request.url.split('?')[0] ?? '';
    if (family === 'other' && wantsHtml(request)) {
      return sendPage(reply, context, {
        status: 404,
        title: 'Page not found',
        body: '<p>There is no page at this address. <a href="/">Identity emulator home</a>.</p>',
      });
    }
    const message = `There is no endpoint ${request.method} ${path} in the identity emulator.`;
    return reply.status(404).send(bodyFor(family, 404, 'not_found', message));
  });
}

const wantsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');
