import type { ContactRequest } from '@launchkit/api-contract';
import type { Mailer } from '@launchkit/mail';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#api/db/database.ts';
import { contactMessages } from '#api/db/schema.ts';

type ContactMessage = ContactRequest;

/**
 * Stores the message, then tells the site owner by mail. The stored row is the record: if the mail
 * cannot be sent the message is still kept, and the failure is logged for the operator.
 */
export async function sendContactMessage(
  deps: { db: Database; mailer: Mailer; inbox: string; log: FastifyBaseLogger },
  message: ContactMessage,
): Promise<{ id: string }> {
  const [row] = await deps.db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('The contact message was not stored.');
  const sender = message.name ? `${message.name} <${message.email}>` : message.email;
  await deps.mailer
    .send({
      to: deps.inbox,
      replyTo: message.email,
      subject: `New contact message from ${message.name || message.email}`,
      text: `From: ${sender}\n\n${message.message}\n`,
    })
    .catch((error: unknown) =>
      deps.log.error({ err: error, contactMessageId: row.id }, 'contact notification not sent'),
    );
  return row;
}
