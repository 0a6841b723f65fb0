import { createHmac, randomBytes } from 'node:crypto';

/**
 * The Standard Webhooks scheme (docs/webhooks.md, "Verifying"): `v1,` and the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>`, keyed with the secret's bytes (the base64 after `whsec_`). The secret is
 * kept as it is: it signs, so a hash of it would be of no use (decision 0035).
 */
const secretPrefix = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks asks 24 to 64). */
export const newWebhookSecret = () => `${secretPrefix}${randomBytes(32).toString('base64')}`;

/** One `v1,<signature>` per secret, space-separated: during a rotation, the new one and the old. */
export function signWebhook(
  message: { id: string; timestamp: number; body: string },
  secrets: readonly string[],
): string {
  const signed = `${message.id}.${message.timestamp}.${message.body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
      return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    })
    .join(' ');
}
