import nodemailer from 'nodemailer';
import type { MailMessage } from './mail-message.ts';
import { writeToOutbox } from './outbox.ts';

export type MailerConfig = { from: string } & (
  | { transport: 'outbox'; outboxDir: string }
  | { transport: 'smtp'; smtpUrl: string }
);

export type Mailer = {
  readonly transport: MailerConfig['transport'];
  send(message: MailMessage): Promise<void>;
};

/** SMTP in production (SMTP_URL); otherwise the development outbox, readable at /dev/outbox. */
export function createMailer(config: MailerConfig): Mailer {
  if (config.transport === 'smtp') {
    // A mail is sent by a job that counts as lost after two minutes (apps/api/src/mail/queue-mail.ts):
    // a server that hangs must fail the attempt well before, so it is tried again rather than twice at
    // once. Settings in SMTP_URL's query win over these.
    const transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from: config.from, ...message });
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await writeToOutbox(config.outboxDir, config.from, message);
    },
  };
}
