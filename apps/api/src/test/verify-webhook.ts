import type { IncomingHttpHeaders } from 'node:http';

/**
 * A receiver's check of a delivery, written from docs/webhooks.md ("Verifying a delivery") and not
 * from the signer (webhooks/webhook-signature.ts): Web Crypto's HMAC verify, as a receiver on another
 * stack would use. Answers which of `secrets` signed it (several during a rotation), or throws why not.
 */
export async function verifyWebhook(
  headers: IncomingHttpHeaders,
  body: string,
  secrets: readonly string[],
  now = Date.now(),
): Promise<string[]> {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    throw new Error('a webhook header is missing');
  }
  // Five minutes either way: an older delivery may be a replay.
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > 300) {
    throw new Error(`the timestamp ${timestamp} is not within five minutes`);
  }
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  const signers: string[] = [];
  for (const secret of secrets) {
    if (!secret.startsWith('whsec_')) throw new Error('a secret starts with whsec_');
    const key = await crypto.subtle.importKey(
      'raw',
      Uint8Array.from(atob(secret.slice('whsec_'.length)), (char) => char.charCodeAt(0)),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    for (const signature of signatures.split(' ')) {
      const [version, value] = signature.split(',');
      if (version !== 'v1' || !value) continue;
      const bytes = Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
      if (await crypto.subtle.verify('HMAC', key, bytes, signed)) signers.push(secret);
    }
  }
  if (signers.length === 0) throw new Error('no signature matches');
  return signers;
}
