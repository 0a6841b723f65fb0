import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A connection that never sent a request (a browser's preconnect, the spare socket an HTTP client opens
 * after aborting a stream) is not idle to Node: server.close() would wait for it until Node's
 * headersTimeout (60 s). Once the app is closing, such connections are dropped, and so are those that
 * arrive while the close hooks run (they would only get a 503); connections serving a request finish.
 */
export function closeUnusedConnectionsOnClose(app: FastifyInstance) {
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
    done();
  });
}
