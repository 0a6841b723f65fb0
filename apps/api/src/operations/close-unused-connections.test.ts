import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startTestApp } from '#api/test/test-app.ts';

it('closes without waiting for a connection that never sent a request', async () => {
  const testApp = await startTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const started = Date.now();
  await testApp.close();
  expect(Date.now() - started).toBeLessThan(5_000);
  await closed;
});
