// A TCP proxy in front of PostgreSQL that counts the round trips its clients make: each Sync (the end
// of an extended-protocol exchange: one parameterised or prepared statement) and each simple Query
// (BEGIN, COMMIT, LISTEN) is one wait for the server. It reads only what clients send, and passes
// every byte on unchanged.
import net from 'node:net';

const untypedStartupCodes = new Set([80877103, 80877104]); // SSLRequest, GSSENCRequest: a startup follows
const sync = 0x53;
const simpleQuery = 0x51;
const parse = 0x50;
// The job queue's own statements (pg-boss polls each queue twice a second, on the product's pool): they
// name its schema. They are counted apart, as no request's.
const jobQueueStatement = /\b"?jobs"?\.\w/;

/** Listens on a free loopback port; `url` is `databaseUrl` through the proxy. */
export async function startRoundTripCounter(databaseUrl) {
  const target = new URL(databaseUrl);
  let roundTrips = 0;
  let backgroundRoundTrips = 0;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    let isStarted = false;
    let isBackground = false; // a statement of the exchange under way is the job queue's
    client.on('data', (chunk) => {
      upstream.write(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (!isStarted) {
          // Startup messages have a length and a code, no type byte.
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          isStarted = !untypedStartupCodes.has(pending.readInt32BE(4));
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) break;
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) break;
        const type = pending[0];
        if (type === parse || type === simpleQuery) {
          isBackground ||= jobQueueStatement.test(pending.subarray(5, length + 1).toString('latin1'));
        }
        if (type === sync || type === simpleQuery) {
          if (isBackground) backgroundRoundTrips += 1;
          else roundTrips += 1;
          isBackground = false;
        }
        pending = pending.subarray(length + 1);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    /** Round trips of the clients' own statements (the job queue's apart). */
    get roundTrips() {
      return roundTrips;
    },
    /** Round trips of the job queue's polling and upkeep, which go on whatever the requests. */
    get backgroundRoundTrips() {
      return backgroundRoundTrips;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
