import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from './html.ts';
import { invalidRequest, StripeApiError, unrecognizedUrl } from './stripe-error.ts';

// Request bodies are small forms; metadata (50 keys of 500 characters) is the largest thing sent.
export const bodyLimitBytes = 256 * 1024;

/** The Stripe API and the emulator's own endpoints answer JSON; everything else is a page. */
export const isApiPath = (url: string) =>
  url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?') || url.startsWith('/emulator/');

const wantsHtml = (request: FastifyRequest) =>
  !isApiPath(request.url) && String(request.headers.accept ?? '').includes('text/html');

/** An error shown as a page (hosted pages' own errors: unknown session, broken form). */
export class PageError extends Error {
  readonly statusCode: number;
  readonly title: string;
  readonly html: string;

  constructor(statusCode: number, title: string, html: string) {
    super(title);
    this.statusCode = statusCode;
    this.title = title;
    this.html = html;
    this.name = 'PageError';
  }
}

// Fastify's own request errors (parsing, size, media type), in Stripe's shape.
function describeRequestError(error: FastifyError): StripeApiError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidRequest('Invalid request: the body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalidRequest(`Invalid request: the body is too large (${bodyLimitBytes / 1024} KB at most).`, {
        status: 413,
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return invalidRequest(
        'Invalid request (check that your POST content type is application/x-www-form-urlencoded). If you have any questions, we can help at https://support.stripe.com/.',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalidRequest('Invalid request: the Content-Length header does not match the body.');
    default: {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status < 500) return invalidRequest(`Invalid request: ${error.message}`, { status });
      return new StripeApiError(500, {
        type: 'api_error',
        message: 'An unexpected error occurred in the payments emulator. It has been logged.',
      });
    }
  }
}

/** Must run before any route is declared: Fastify binds a route to the error handler in force then. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | StripeApiError | PageError, request, reply) => {
    if (error instanceof PageError) {
      request.log.info({ statusCode: error.statusCode }, 'page request rejected');
      return sendPage(reply, { status: error.statusCode, title: error.title, body: error.html });
    }
    const stripeError = error instanceof StripeApiError ? error : describeRequestError(error);
    if (stripeError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else
      request.log.info(
        { statusCode: stripeError.statusCode, code: stripeError.body.code },
        'request rejected',
      );
    if (wantsHtml(request)) {
      return sendPage(reply, {
        status: stripeError.statusCode,
        title: stripeError.statusCode >= 500 ? 'Something went wrong' : 'Request not understood',
        body: `<p>${escapeHtml(stripeError.message)}</p><p><a href="/">Payments emulator home</a></p>`,
      });
    }
    return reply.status(stripeError.statusCode).headers(stripeError.headers).send(stripeError.toJSON());
  });
}

/** The longest id a URL may carry; Stripe's are far shorter. */
export const maxIdLength = 200;

/** Errors Fastify raises before routing (broken percent-encoding, an overlong id), in the same shape. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'request rejected');
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `Invalid request: an id in the URL is too long (${maxIdLength} characters at most).`
      : 'Invalid request: the URL is not valid (check its percent-encoding).';
  if (wantsHtml(request)) {
    return sendPage(reply, {
      status: 400,
      title: 'Request not understood',
      body: `<p>${escapeHtml(message)}</p><p><a href="/">Payments emulator home</a></p>`,
    });
  }
  return reply.status(400).send(invalidRequest(message).toJSON());
}

export function registerNotFoundHandler(app: FastifyInstance) {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (wantsHtml(request)) {
      return sendPage(reply, {
        status: 404,
        title: 'Page not found',
        body: '<p>There is no page at this address. <a href="/">Payments emulator home</a>.</p>',
      });
    }
    return reply.status(404).send(unrecognizedUrl(request.method, path).toJSON());
  });
}
