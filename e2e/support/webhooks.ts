import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook endpoint run by the test, on this machine (embedded mode allows http to localhost):
 * records each POST and answers what `answer` says for its path (204 unless told).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const failing = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(failing.has(path) ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Paths that answer 500 until `recover`. */
    fail: (path: string) => failing.add(path),
    recover: (path: string) => failing.delete(path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs `use` with a receiver started for it (startWebhookReceiver), and stops it however `use` ends. */
export async function withWebhookReceiver(
  use: (receiver: Awaited<ReturnType<typeof startWebhookReceiver>>) => Promise<void>,
) {
  const receiver = await startWebhookReceiver();
  try {
    await use(receiver);
  } finally {
    await receiver.close();
  }
}

/** The receiver's check, as docs/webhooks.md ("Verifying a delivery") and the product's snippet say. */
export function verifiesWith(headers: IncomingHttpHeaders, body: string, secret: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
