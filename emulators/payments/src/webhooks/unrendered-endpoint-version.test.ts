import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, sleep, startTestPayments, startWebhookReceiver } from '#payments/test/test-payments.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('an endpoint kept on a version the emulator does not render', () => {
  it('gets no event under a version it was not rendered in; its attempts say why', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.close);
    const first = await startTestPayments();
    const endpoint = await first.stripe.webhookEndpoints.create({
      url: receiver.url,
      enabled_events: ['customer.created'],
      api_version: '2024-06-20' as never,
    });
    await first.close();
    // As a state file from before the emulator refused older versions would hold it.
    const stateFile = path.join(first.dataDir, 'state.json');
    const state = await readFile(stateFile, 'utf8');
    expect(state).toContain('"2024-06-20"');
    await writeFile(stateFile, state.replaceAll('"2024-06-20"', '"2020-08-27"'));

    const second = await startTestPayments({}, first.dataDir);
    cleanups.push(second.destroy);
    const customer = await second.stripe.customers.create({ email: 'old-endpoint@example.com' });
    const [attempt] = await eventually(async () => {
      const found = (await second.deliveries()).filter((each) => each.endpoint === endpoint.id);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(attempt).toMatchObject({
      status: null,
      error: 'API version 2020-08-27 is not rendered by the payments emulator',
      delivery: 'failed',
      next_attempt_at: null,
    });
    await sleep(100);
    expect(receiver.received).toEqual([]);
    expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
  });
});
