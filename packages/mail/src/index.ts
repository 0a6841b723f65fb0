export { createMailer, type Mailer, type MailerConfig } from './create-mailer.ts';
export type { MailMessage } from './mail-message.ts';
export { readOutbox, type StoredMail } from './outbox.ts';
