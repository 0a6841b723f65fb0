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
    const transporter = nodemailer.createTransport(config.smtpUrl);
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
