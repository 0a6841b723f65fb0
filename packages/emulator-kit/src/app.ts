import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

/** Fastify's logger option as the emulators take it: pino at LOG_LEVEL by default, `false` for quiet tests. */
export type LoggerOption = FastifyServerOptions['logger'];

/**
 * The logger of an emulator: pino at `level` (what `option` adds on top), with request lines whose
 * URL went through `redactUrl` first (links carry single-use secrets or session ids).
 */
export function emulatorLogger(level: string, option: LoggerOption, redactUrl: (url: string) => string) {
  if (option === false) return false;
  return {
    level,
    ...(typeof option === 'object' ? option : {}),
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

export type EmulatorAppOptions = Pick<
  FastifyServerOptions,
  'bodyLimit' | 'frameworkErrors' | 'genReqId' | 'requestIdHeader' | 'routerOptions'
> & {
  logLevel: string;
  logger: LoggerOption;
  redactUrl: (url: string) => string;
  /** https with EMULATOR_TLS_CERT_FILE and EMULATOR_TLS_KEY_FILE (a production-mode test of the app). */
  tls: { cert: string | Buffer; key: string | Buffer } | undefined;
};

/**
 * A Fastify instance as both emulators run it: their logger, 503 while closing, JSON and forms only
 * (Fastify's text/plain parser would hand a handler a bare string: the emulator registers formbody
 * itself), and `X-Content-Type-Options: nosniff` on every answer.
 */
export function createEmulatorApp(options: EmulatorAppOptions): FastifyInstance {
  const { logLevel, logger, redactUrl, tls, ...fastifyOptions } = options;
  const app = Fastify({
    logger: emulatorLogger(logLevel, logger, redactUrl),
    return503OnClosing: true,
    ...fastifyOptions,
    ...(tls ? { https: tls } : {}),
  });
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    return payload;
  });
  return app;
}
