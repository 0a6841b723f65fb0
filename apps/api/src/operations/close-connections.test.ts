import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { listenOnLoopback, startTestApp } from '#api/test/test-app.ts';

/** The app on a loopback port, and a connection to it that has sent nothing yet. */
async function appWithConnection() {
  const testApp = await startTestApp();
  const { port } = new URL(await listenOnLoopback(testApp));
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return { testApp, socket };
}

it('closes without waiting for a connection that never sent a request', async () => {
  const { testApp, socket } = await appWithConnection();
  const closed = new Promise((resolve) => socket.once('close', resolve));
  // Without the drop, the close would wait for Node's headersTimeout (60 s), past the test's time.
  await testApp.close();
  await closed;
});

it('closes a keep-alive connection once the request it was serving when the close began is answered', async () => {
  const { testApp, socket } = await appWithConnection();
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const closed = new Promise((resolve) => socket.once('close', resolve));
  // The request is under way (its headers are in, its body is not) when the close begins; Node's own
  // close drops only the connections idle at that moment, and this one, kept alive, would wait for the
  // keep-alive timeout (72 s).
  const body = JSON.stringify({ email: 'not an address' });
  const received = new Promise((resolve) => testApp.app.server.once('request', resolve));
  socket.write(
    `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await received;
  const closing = testApp.close();
  socket.write(body);
  await closing;
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(answer).toContain('"code":"validation_failed"');
});
