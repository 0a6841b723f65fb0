import { CardHeading, CardSection } from '#web/components/layout/card-section.tsx';
import { CodeBlock } from './code-block.tsx';
import type { DeveloperSectionProps } from './developer-section.ts';

const titleId = 'calling-the-api-title';

function Example({ label, command }: { label: string; command: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-900">{label}</p>
      <CodeBlock code={command} className="mt-1.5" />
    </div>
  );
}

/**
 * Developers → Calling the API: the same endpoints as the web app, with the key as the bearer token,
 * against this site's origin (docs/api-keys.md has the same examples).
 */
export function CallingTheApi({ origin }: DeveloperSectionProps) {
  const auth = '-H "Authorization: Bearer $LAUNCHKIT_API_KEY"';
  return (
    <CardSection titleId={titleId} testId="calling-the-api">
      <div className="space-y-4 p-4 sm:p-6">
        <CardHeading titleId={titleId} title="Calling the API">
          <p className="mt-1 text-sm text-slate-600">
            Send the key as a bearer token to the endpoints the web app uses. Keep it in an environment
            variable, never in code you share.
          </p>
        </CardHeading>
        <Example label="List the workspace’s items" command={`curl ${auth} \\\n  ${origin}/api/items`} />
        <Example
          label="Add an item"
          command={`curl -X POST ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"name": "From my system"}' \\\n  ${origin}/api/items`}
        />
        <Example
          label="Rename or delete it"
          command={`curl -X PATCH ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"name": "Renamed"}' \\\n  ${origin}/api/items/ITEM_ID\n\ncurl -X DELETE ${auth} \\\n  ${origin}/api/items/ITEM_ID`}
        />
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>
            Every answer is <code>{'{"status": "success", "data": …}'}</code> or an error with a{' '}
            <code>code</code> to switch on.
          </li>
          <li>
            A viewer key reads only; an admin key also reads the activity log (<code>GET /api/activity</code>
            ), where its changes appear under the key’s name.
          </li>
          <li>
            A revoked or expired key is refused with <code>401</code> (<code>auth/api-key-revoked</code>,{' '}
            <code>auth/api-key-expired</code>); too many requests, with <code>429</code> (
            <code>api-keys/rate-limited</code>).
          </li>
          <li>
            Every endpoint and its answers are described in the OpenAPI document:{' '}
            <a className="link" href="/api/openapi.json">
              /api/openapi.json
            </a>
            .
          </li>
        </ul>
      </div>
    </CardSection>
  );
}
