import type { ComponentType } from 'react';
import { ApiKeysSection } from '#web/components/developers/api-keys-section.tsx';
import { CallingTheApi } from '#web/components/developers/calling-the-api.tsx';
import type { DeveloperSectionProps } from '#web/components/developers/developer-section.ts';
import { VerifyingWebhooks } from '#web/components/developers/verifying-webhooks.tsx';
import { WebhooksSection } from '#web/components/developers/webhooks-section.tsx';
import { WorkspacePage } from '#web/components/workspaces/workspace-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'Developers', path: '/developers' });

/** The page's sections, in order, each a card of its own: a new one (webhooks) is added here. */
const sections: { id: string; Section: ComponentType<DeveloperSectionProps> }[] = [
  { id: 'api-keys', Section: ApiKeysSection },
  { id: 'calling-the-api', Section: CallingTheApi },
  // Outbound webhooks (docs/webhooks.md): the same people (webhooks.manage).
  { id: 'webhooks', Section: WebhooksSection },
  { id: 'verifying-webhooks', Section: VerifyingWebhooks },
];

/**
 * Developers (docs/api-keys.md): how the workspace's own systems call the API, for its owner and admins
 * (api-keys.manage; anyone else is told who can). Keyed by the workspace: switching workspace loads
 * the other's keys.
 */
export default function Developers() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <WorkspacePage
      title="Developers"
      intro="Connect your own systems: API keys call the same API as this site, within this workspace."
      permission="api-keys.manage"
      panel={(_user, { param }) => (
        <div className="space-y-8" key={param ?? 'own'}>
          {sections.map(({ id, Section }) => (
            <Section key={id} workspace={param} origin={origin} />
          ))}
        </div>
      )}
    />
  );
}
