import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { mails } from '#api/db/schema.ts';
import { createJobQueue, type JobQueue } from '#api/jobs/job-queue.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { jobsDueNow, mailFailed } from '#api/test/test-mail.ts';
import { mailTemplates } from './mail-templates.ts';
import { mailJob, queueMail } from './queue-mail.ts';
import { messageIdOf } from './send-mail-job.ts';

const workerFile = fileURLToPath(new URL('../test/mail-worker-process.ts', import.meta.url));
const site = { name: 'Launchkit', origin: 'https://app.example.com' };

/** What the SMTP server does with the next message: take it, hold it without answering, or refuse it. */
type Mode = 'accept' | 'hold' | 'refuse';

// Two processes on one database, one of them killed: PostgreSQL (the PostgreSQL pass of CI).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'mail through faults (PostgreSQL, a real SMTP server)',
  () => {
    let database: DatabaseHandle & { url?: string };
    let producer: JobQueue;
    let smtp: SMTPServer;
    let smtpUrl: string;
    let mode: Mode = 'accept';
    const accepted: string[] = [];
    let held = 0;
    const workers: ChildProcess[] = [];

    beforeAll(async () => {
      database = await openTestDatabase();
      // This process orders mail and works none: the worker processes send it.
      producer = createJobQueue({ database, log: pino({ level: 'silent' }), metrics: createMetrics() });
      producer.handle(mailJob, async () => {
        throw new Error('the test process sends no mail');
      });
      await producer.start({ work: false });
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
          stream.on('end', () => {
            if (mode === 'hold') {
              held += 1; // no answer: the sender waits for the server's 250 until it dies
              return;
            }
            if (mode === 'refuse')
              return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            accepted.push(raw.match(/^Message-ID: *(<[^>]+>)/im)?.[1] ?? '');
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    }, 60_000);

    afterEach(async () => {
      for (const worker of workers.splice(0)) await stop(worker, 'SIGTERM');
    });

    afterAll(async () => {
      await producer?.stop();
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
      await database?.close();
    });

    async function startWorker(): Promise<ChildProcess> {
      const worker = spawn(process.execPath, [workerFile], {
        cwd: path.dirname(workerFile),
        env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: smtpUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      workers.push(worker);
      await new Promise<void>((resolve, reject) => {
        worker.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('"ready":true')) resolve();
        });
        worker.once('exit', (code) => reject(new Error(`the mail worker exited with ${code}`)));
      });
      return worker;
    }

    async function stop(worker: ChildProcess, signal: NodeJS.Signals) {
      if (worker.exitCode !== null || worker.signalCode !== null) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill(signal);
      await exited;
    }

    const order = (key: string) =>
      queueMail(producer, database.db, {
        key,
        to: 'owner@example.com',
        template: 'contact-notification',
        props: mailTemplates['contact-notification'].example,
      });

    const copiesOf = (key: string) => accepted.filter((id) => id === messageIdOf(key, site)).length;

    async function sentAt(key: string) {
      const [row] = await database.db.select({ sentAt: mails.sentAt }).from(mails).where(eq(mails.key, key));
      return row?.sentAt ?? null;
    }

    it('kill -9 of the instance sending a mail: after the restart the mail is sent, once', async () => {
      mode = 'hold';
      const first = await startWorker();
      expect(await order('fault:killed')).toBe(true);
      await vi.waitFor(() => expect(held).toBe(1), { timeout: 10_000, interval: 50 });
      await stop(first, 'SIGKILL');
      mode = 'accept';
      await startWorker();
      // The dead instance's run misses its heartbeat (10 s), fails, and is tried again after its delay.
      await vi.waitFor(() => expect(copiesOf('fault:killed')).toBe(1), { timeout: 60_000, interval: 100 });
      await vi.waitFor(async () => expect(await sentAt('fault:killed')).not.toBeNull(), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(copiesOf('fault:killed')).toBe(1);
    }, 90_000);

    it('the SMTP server refusing mail: it is sent once it takes mail again, once; an order made twice sends once', async () => {
      mode = 'refuse';
      await startWorker();
      expect(await order('fault:refused')).toBe(true);
      expect(await order('fault:refused')).toBe(false);
      await mailFailed(database.db);
      expect(await sentAt('fault:refused')).toBeNull();
      mode = 'accept';
      // The next try would come 15 s to 30 min later (backoff); the test does not wait for it.
      await jobsDueNow(database.db);
      await vi.waitFor(() => expect(copiesOf('fault:refused')).toBe(1), { timeout: 20_000, interval: 100 });
      await vi.waitFor(async () => expect(await sentAt('fault:refused')).not.toBeNull(), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(copiesOf('fault:refused')).toBe(1);
    }, 60_000);
  },
);
