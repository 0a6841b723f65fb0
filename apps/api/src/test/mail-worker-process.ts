// A process that works the mail queue and nothing else: the real job queue, the real mail job and a
// real SMTP mailer, on DATABASE_URL and SMTP_URL. The mail fault tests kill it mid-send (kill -9) and
// start another. Prints `{"ready":true}` once it works the queue.
import { createMailer } from '@launchkit/mail';
import pino from 'pino';
import { openDatabase } from '#api/db/database.ts';
import { createJobQueue } from '#api/jobs/job-queue.ts';
import { handleMailJobs } from '#api/mail/send-mail-job.ts';
import { createMetrics } from '#api/operations/metrics.ts';

const { DATABASE_URL, SMTP_URL } = process.env;
if (!DATABASE_URL || !SMTP_URL) throw new Error('DATABASE_URL and SMTP_URL are needed');
const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
const jobs = createJobQueue({ database, log: pino({ level: 'warn' }), metrics: createMetrics() });
const mailer = createMailer({
  transport: 'smtp',
  smtpUrl: SMTP_URL,
  from: 'Launchkit <no-reply@example.com>',
});
handleMailJobs({
  jobs,
  db: database.db,
  mailer,
  site: { name: 'Launchkit', origin: 'https://app.example.com' },
});
await jobs.start();
console.log(JSON.stringify({ ready: true }));
