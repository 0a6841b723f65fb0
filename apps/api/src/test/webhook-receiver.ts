import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * An endpoint run by a test: records every POST it receives (raw body and headers) and answers what
 * `answer` says (204 unless told). Over https when given a certificate.
 */
export async function startReceiver(
  options: { host?: string; tls?: { cert: string; key: string } } = {},
): Promise<{
  url: string;
  port: number;
  received: Received[];
  answer: (path: string) => { status: number; location?: string };
  setAnswer(answer: (path: string) => { status: number; location?: string }): void;
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const state = { answer: (_path: string) => ({ status: 204 }) as { status: number; location?: string } };
  const handler = (
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status, location } = state.answer(path);
      response.writeHead(status, location ? { location } : {});
      response.end();
    });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handler) : createServer(handler);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    port,
    received,
    get answer() {
      return state.answer;
    },
    setAnswer(answer) {
      state.answer = answer;
    },
    async waitFor(count) {
      await vi.waitFor(
        () => {
          if (received.length < count) throw new Error(`${received.length} of ${count} deliveries received`);
        },
        { timeout: 15_000, interval: 50 },
      );
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
