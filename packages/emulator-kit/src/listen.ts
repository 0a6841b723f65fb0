import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type ListenAddress = { host: string; port: number; protocol: 'http:' | 'https:' };

const loopbackOrAny = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'];

/** The origin a browser uses for host and port: localhost for loopback and every-interface hosts. */
export function originOf({ host, port, protocol }: ListenAddress): string {
  const shown = loopbackOrAny.includes(host) ? 'localhost' : host;
  return `${protocol}//${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/**
 * Listens on address.host and address.port (0: any free port), closing the app when that fails (the
 * data directory's lock is released with it). Returns the port bound and its origin (no trailing slash).
 */
export async function listenEmulator(
  app: FastifyInstance,
  address: ListenAddress,
): Promise<{ port: number; url: string }> {
  try {
    await app.listen({ port: address.port, host: address.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return { port, url: originOf({ ...address, port }) };
}
