import { CardHeading, CardSection } from '#web/components/layout/card-section.tsx';
import { CodeBlock } from './code-block.tsx';
import type { DeveloperSectionProps } from './developer-section.ts';

const titleId = 'verifying-webhooks-title';

// The same verifier as docs/webhooks.md ("Verifying a delivery"): Node's crypto, no library.
const snippet = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the endpoint's signing secret (whsec_…); body: the request's raw body, as received.
export function verifyWebhook(headers, body, secret) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false; // a replay?
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  // During a rotation there are two signatures, space-separated: either will do.
  return headers['webhook-signature'].split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

/**
 * Developers → Verifying webhooks: how a receiver checks a delivery's signature (the Standard Webhooks
 * scheme), so events that did not come from here are refused.
 */
export function VerifyingWebhooks(_props: DeveloperSectionProps) {
  return (
    <CardSection titleId={titleId} testId="verifying-webhooks">
      <div className="space-y-4 p-4 sm:p-6">
        <CardHeading titleId={titleId} title="Verifying webhooks">
          <p className="mt-1 text-sm text-slate-600">
            Each delivery is a POST with a JSON body and three headers: <code>webhook-id</code> (the event’s
            id, the same in a redelivery), <code>webhook-timestamp</code> and <code>webhook-signature</code>:{' '}
            <code>v1,</code> and the base64 HMAC-SHA256 of <code>id.timestamp.body</code> with the endpoint’s
            secret. Answer with any 2xx within 10 seconds; anything else is tried again for about a day.
          </p>
        </CardHeading>
        <CodeBlock code={snippet} />
        <p className="text-sm text-slate-600">
          The events and their bodies are described in the OpenAPI document’s <code>webhooks</code>:{' '}
          <a className="link" href="/api/openapi.json">
            /api/openapi.json
          </a>
          .
        </p>
      </div>
    </CardSection>
  );
}
