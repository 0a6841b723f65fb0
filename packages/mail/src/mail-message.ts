export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The same for every attempt to send one mail (`<id@host>`), so a copy sent twice is recognisable. */
  messageId?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
};
