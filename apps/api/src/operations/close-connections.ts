import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How soon after its answer a connection kept alive is dropped, once the app is closing. */
const idleSweepMs = 100;

/**
 * Lets server.close() end as soon as the requests under way are answered. Node's close drops only the
 * connections idle at that moment, and two kinds would otherwise hold it:
 * - a connection that never sent a request (a browser's preconnect, the spare socket an HTTP client
 *   opens after aborting a stream) is not idle to Node, and would wait for headersTimeout (60 s);
 * - a kept-alive connection serving a request when the close began goes idle once that request is
 *   answered, and would wait for the keep-alive timeout (72 s, http/timeouts.ts).
 * So once the app is closing, unused connections are dropped, and so are those that arrive while the
 * close hooks run (they would only get a 503); Node's idle sweep is repeated until the server has closed,
 * so a connection serving a request is dropped soon after its answer, at no cost to a request.
 */
export function closeConnectionsOnClose(app: FastifyInstance) {
  const unused = new Set<Socket>();
  let isClosing = false;
  app.server.on('connection', (socket: Socket) => {
    if (isClosing) {
      socket.destroy();
      return;
    }
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  app.addHook('preClose', (done) => {
    isClosing = true;
    for (const socket of unused) socket.destroy();
    const sweep = setInterval(() => app.server.closeIdleConnections(), idleSweepMs);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });
}
