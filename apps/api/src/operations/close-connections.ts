import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Lets server.close() end as soon as the requests under way are answered. Node's close drops only the
 * connections idle at that moment, and two kinds would otherwise hold it:
 * - a connection that never sent a request (a browser's preconnect, the spare socket an HTTP client
 *   opens after aborting a stream) is not idle to Node, and would wait for headersTimeout (60 s);
 * - a kept-alive connection serving a request when the close began goes idle once that request is
 *   answered, and would wait for the keep-alive timeout (72 s, http/timeouts.ts).
 * So once the app is closing, unused connections are dropped, and so are those that arrive while the
 * close hooks run (they would only get a 503); a connection serving a request is ended after its answer.
 */
export function closeConnectionsOnClose(app: FastifyInstance) {
  const unused = new Set<Socket>();
  const serving = new Map<ServerResponse, Socket>();
  let isClosing = false;
  app.server.on('connection', (socket: Socket) => {
    if (isClosing) {
      socket.destroy();
      return;
    }
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', ({ socket }: { socket: Socket }, response: ServerResponse) => {
    unused.delete(socket);
    serving.set(response, socket);
    response.once('close', () => serving.delete(response));
  });
  app.addHook('preClose', (done) => {
    isClosing = true;
    for (const socket of unused) socket.destroy();
    // What Node itself does after an answer sent with "Connection: close": the answer is flushed first.
    for (const [response, socket] of serving) response.once('close', () => socket.destroySoon());
    done();
  });
}
